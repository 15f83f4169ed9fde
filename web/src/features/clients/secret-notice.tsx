// The body of the global modal that shows a client's secret, once: after it
// closes, nothing in the app can show that secret again.
import { useId, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";

type CopyState = "idle" | "copied" | "failed";

export function SecretNotice({ clientName, clientId, secret }: { clientName: string; clientId: string; secret: string }) {
  const [copy, setCopy] = useState<CopyState>("idle");
  const id = useId();

  async function copySecret() {
    try {
      // Needs a secure context (localhost or HTTPS) and the page's focus; either may be missing.
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <>
      <p>
        The client <strong>{clientName}</strong> (<code className="text-break">{clientId}</code>) authenticates with this
        secret.
      </p>
      <Alert variant="warning" className="py-2 small">
        Copy it now and keep it somewhere safe: it will not be shown again. If it is lost, rotate the secret.
      </Alert>
      <Form.Label htmlFor={`${id}-secret`}>Client secret</Form.Label>
      <InputGroup>
        <Form.Control
          id={`${id}-secret`}
          readOnly
          value={secret}
          className="font-monospace"
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline-primary" onClick={() => void copySecret()}>
          Copy
        </Button>
      </InputGroup>
      <div role="status" className="form-text">
        {copy === "copied" && "Copied to the clipboard."}
        {copy === "failed" && "Copying did not work here: select the secret and copy it yourself."}
      </div>
    </>
  );
}
