// react-bootstrap's Modal, keeping the keyboard's focus inside while it shows.
// Its own "enforceFocus" acts in a timeout after the focus has already left,
// and then focuses the dialog itself: Shift+Tab on the first control visits the
// page behind for a moment (a screen reader says it), and Tab past the last
// control leaves the document. Here Tab on the last control goes to the first
// and Shift+Tab on the first (or on the dialog, which has the focus when it
// opens) to the last, in the key press itself, for the top-most dialog only.
// Everything else, the focus given back on close included, is react-bootstrap's.
import { useEffect, useRef } from "react";
import BootstrapModal, { type ModalProps } from "react-bootstrap/Modal";
import { tabbable, type FocusableElement } from "tabbable";

/** What react-bootstrap's Modal hands its ref (@restart/ui's ModalHandle): the dialog and its place among those open. */
interface ModalHandle {
  dialog: HTMLElement | null;
  isTopModal: () => boolean;
}

/**
 * Where Tab (Shift+Tab when backwards) takes the focus instead of the browser's next stop, or undefined when that stop
 * is in the dialog: the first control (the last), or the dialog itself when it has none.
 */
function wrapTarget(dialog: HTMLElement, from: Element | null, backwards: boolean): FocusableElement | undefined {
  const controls = tabbable(dialog);
  if (controls.length === 0) return dialog;
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!from || !dialog.contains(from)) return backwards ? last : first;
  // From a control, or from an element that only takes the focus when given it (the dialog itself, an error
  // message): wrap when no control lies beyond it in the direction of travel.
  const beyond = controls.some((control) => {
    const position = from.compareDocumentPosition(control);
    if (position & Node.DOCUMENT_POSITION_CONTAINS) return false;
    return backwards ? position & Node.DOCUMENT_POSITION_PRECEDING : position & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  if (beyond) return undefined;
  return backwards ? last : first;
}

function TrappingModal({ show = false, ...props }: ModalProps) {
  const handle = useRef<ModalHandle>(null);

  useEffect(() => {
    if (!show) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const modal = handle.current;
      if (!modal?.dialog || !modal.isTopModal()) return;
      const target = wrapTarget(modal.dialog, document.activeElement, event.shiftKey);
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [show]);

  return <BootstrapModal ref={handle} show={show} {...props} />;
}

/** react-bootstrap's Modal with the focus kept inside: `Modal.Header`, `.Title`, `.Body` and `.Footer` as there. */
export const Modal = Object.assign(TrappingModal, {
  Header: BootstrapModal.Header,
  Title: BootstrapModal.Title,
  Body: BootstrapModal.Body,
  Footer: BootstrapModal.Footer,
});
