// Asking before doing: `if (await confirm({ title, body, action })) …`. The
// dialog is rendered by the component that asks (it places `dialog` in its
// output), so what the dialog shows lives and ends with that component. An
// action runs while the dialog stays open: Confirm shows progress, and a
// failure is told in the dialog, where the user acted.
import { useCallback, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../i18n/text";
import { Modal } from "../components/modal";
import { errorMessage } from "../error-message";

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red for what cannot be undone. */
  variant?: "primary" | "danger";
  /** Done on Confirm before the dialog closes; a rejection keeps it open with the failure in words. */
  action?: () => Promise<unknown>;
  /**
   * Where the focus goes once the confirmed dialog has gone, for when the control that opened it went with what was
   * confirmed (a deleted row's button). Cancelled, the dialog gives the focus back to that control.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

interface Asked {
  options: ConfirmOptions;
  show: boolean;
  busy: boolean;
  confirmed: boolean;
  failure?: string;
}

export interface Confirm {
  /** Resolves true once confirmed (and the action done), false when cancelled. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** The dialog, for the asking component to render. */
  dialog: ReactElement | null;
}

export function useConfirm(): Confirm {
  const { t } = useText();
  const titleId = useId();
  const [asked, setAsked] = useState<Asked | null>(null);
  const answer = useRef<(confirmed: boolean) => void>(undefined);

  const confirm = useCallback((options: ConfirmOptions) => {
    answer.current?.(false);
    setAsked({ options, show: true, busy: false, confirmed: false });
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);

  const close = (confirmed: boolean) => {
    setAsked((current) => current && { ...current, show: false, busy: false, confirmed });
    answer.current?.(confirmed);
    answer.current = undefined;
  };

  async function onConfirm(options: ConfirmOptions) {
    if (!options.action) {
      close(true);
      return;
    }
    setAsked((current) => current && { ...current, busy: true, failure: undefined });
    try {
      await options.action();
      close(true);
    } catch (error) {
      setAsked((current) => current && { ...current, busy: false, failure: errorMessage(error) });
    }
  }

  const dialog = asked && (
    <Modal
      show={asked.show}
      onHide={() => !asked.busy && close(false)}
      // Dropping the dialog once it has faded out drops what it showed.
      onExited={() => {
        setAsked(null);
        if (asked.confirmed) asked.options.returnFocus?.()?.focus();
      }}
      restoreFocus={!(asked.confirmed && asked.options.returnFocus)}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {asked.options.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {asked.options.body}
        {asked.failure && (
          <Alert variant="danger" className="py-2 small mt-3 mb-0">
            {asked.failure}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => close(false)} disabled={asked.busy}>
          {asked.options.cancelLabel ?? t("common.cancel")}
        </Button>
        <Button variant={asked.options.variant ?? "primary"} onClick={() => void onConfirm(asked.options)} disabled={asked.busy}>
          {asked.busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {asked.options.confirmLabel ?? t("common.confirm")}
        </Button>
      </Modal.Footer>
    </Modal>
  );

  return { confirm, dialog };
}
