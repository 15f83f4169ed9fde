// What the consent and logout pages show while Hydra's request loads or the
// browser leaves, and when the request cannot be answered.
import type { ReactNode } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";

export function RequestCard({ children }: { children: ReactNode }) {
  return (
    <Card className="card-narrow shadow-sm">
      <Card.Body className="p-4">{children}</Card.Body>
    </Card>
  );
}

export function Waiting({ label }: { label: string }) {
  return (
    <RequestCard>
      <div role="status" className="d-flex align-items-center gap-2 text-body-secondary py-2">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{label}</span>
      </div>
    </RequestCard>
  );
}

export function RequestFailed({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message: string;
  /** Offered when trying again may help. */
  onRetry?: (() => void) | undefined;
  /** The way out, e.g. a link to the account. */
  children: (primary: boolean) => ReactNode;
}) {
  const { t } = useText();
  return (
    <RequestCard>
      <h1 className="h4 mb-3">{title}</h1>
      <Alert variant="danger" className="py-2 small">
        {message}
      </Alert>
      <div className="d-flex flex-wrap gap-2">
        {onRetry && <Button onClick={onRetry}>{t("common.tryAgain")}</Button>}
        {children(!onRetry)}
      </div>
    </RequestCard>
  );
}
