// The global modal of spec §2/§3. Its state lives in the app store; any page
// opens it through useModal(). react-bootstrap's Modal traps focus while open
// and gives it back to the opener when it closes.
import { useId, useMemo, type ReactNode } from "react";
import Button from "react-bootstrap/Button";
import Modal from "react-bootstrap/Modal";
import { ModalContext, type ModalApi } from "../../lib/feedback";
import { useAppState } from "../app-state";

export function ModalProvider({ children }: { children: ReactNode }) {
  const { state, dispatch } = useAppState();
  const titleId = useId();
  const api = useMemo<ModalApi>(
    () => ({
      open: (options) => dispatch({ type: "modal-opened", options }),
      close: () => dispatch({ type: "modal-closed" }),
    }),
    [dispatch],
  );

  const { open, title, component, options } = state.modal;
  const cancel = () => {
    dispatch({ type: "modal-closed" });
    options.onCancel?.();
  };
  const confirm = () => {
    dispatch({ type: "modal-closed" });
    options.onConfirm?.();
  };

  return (
    <ModalContext.Provider value={api}>
      {children}
      <Modal show={open} onHide={cancel} centered aria-labelledby={titleId}>
        <Modal.Header>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{component}</Modal.Body>
        <Modal.Footer>
          {options.onConfirm ? (
            <>
              <Button variant="outline-secondary" onClick={cancel}>
                {options.cancelLabel ?? "Cancel"}
              </Button>
              <Button variant="primary" onClick={confirm}>
                {options.confirmLabel ?? "Confirm"}
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={cancel}>
              {options.cancelLabel ?? "Close"}
            </Button>
          )}
        </Modal.Footer>
      </Modal>
    </ModalContext.Provider>
  );
}
