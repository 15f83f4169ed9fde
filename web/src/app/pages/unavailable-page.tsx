// Shown when the identity service (or the portal in front of it) cannot be
// reached. It keeps trying by itself, so the user can also just wait.
import { useCallback, useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../lib/i18n/text";
import { CloudOffIcon } from "../shell/icons";

export const autoRetryMs = 5000;

export function UnavailablePage({ onRetry }: { onRetry: () => Promise<void> }) {
  const { t } = useText();
  const [retrying, setRetrying] = useState(false);
  const inFlight = useRef(false);

  const retry = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      inFlight.current = false;
      setRetrying(false);
    }
  }, [onRetry]);

  useEffect(() => {
    const timer = setInterval(() => void retry(), autoRetryMs);
    return () => clearInterval(timer);
  }, [retry]);

  return (
    <main className="fullscreen-center">
      <Card className="card-narrow text-center shadow-sm">
        <Card.Body className="p-4">
          <div className="text-danger mb-3">
            <CloudOffIcon />
          </div>
          <h1 className="h4">{t("app.unavailable.title")}</h1>
          <p className="text-body-secondary">{t("app.unavailable.text", { seconds: autoRetryMs / 1000 })}</p>
          <Button variant="primary" onClick={() => void retry()}>
            {retrying && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t("common.retry")}
          </Button>
        </Card.Body>
      </Card>
    </main>
  );
}
