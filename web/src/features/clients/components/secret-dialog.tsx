// A client's secret, shown once. The page holds it only while this dialog is
// open and drops it when the dialog has closed: nothing in the app can show
// that secret again.
import { useId, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useText } from "../../../lib/i18n/text";
import { Modal } from "../../../lib/components/modal";

export interface ShownSecret {
  title: string;
  clientName: string;
  clientId: string;
  secret: string;
}

type CopyState = "idle" | "copied" | "failed";

export function SecretDialog({
  shown,
  show,
  onClose,
  onExited,
}: {
  shown: ShownSecret;
  show: boolean;
  onClose: () => void;
  /** Once it has faded out; gives the focus back to what started the action (the dialog does not). */
  onExited: () => void;
}) {
  const { t } = useText();
  const [copy, setCopy] = useState<CopyState>("idle");
  const id = useId();

  async function copySecret() {
    try {
      // Needs a secure context (localhost or HTTPS) and the page's focus; either may be missing.
      await navigator.clipboard.writeText(shown.secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    // What had the focus when this opened was in another dialog, gone by now: `onExited` gives the focus back.
    <Modal show={show} onHide={onClose} onExited={onExited} restoreFocus={false} centered aria-labelledby={`${id}-title`}>
      <Modal.Header>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {shown.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-break">{t("clients.secret.intro", { name: shown.clientName, id: shown.clientId })}</p>
        <Alert variant="warning" className="py-2 small">
          {t("clients.secret.warning")}
        </Alert>
        <Form.Label htmlFor={`${id}-secret`}>{t("clients.secret.label")}</Form.Label>
        <InputGroup>
          <Form.Control
            id={`${id}-secret`}
            readOnly
            value={shown.secret}
            className="font-monospace"
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline-primary" onClick={() => void copySecret()}>
            {t("clients.secret.copy")}
          </Button>
        </InputGroup>
        <div role="status" className="form-text">
          {copy === "copied" && t("clients.secret.copied")}
          {copy === "failed" && t("clients.secret.copyFailed")}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {t("common.close")}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
