// What a card or a page shows of one query: a spinner while the answer is on
// its way, the failure where the reader looks with Try again, the card's own
// words when the answer holds nothing, else what the card makes of it. A
// failure to read again keeps the answer it had below it. The server renders
// a page with its answers (lib/page-read.ts), so its render and the browser's
// first take the same branch.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useText } from "../i18n/text";
import { errorMessage } from "../error-message";
import { Loading } from "./loading";

/** A read that failed, worded, with Try again. */
export function QueryFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useText();
  return (
    <Alert variant="danger" className="small">
      <p>{errorMessage(error)}</p>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        {t("common.tryAgain")}
      </Button>
    </Alert>
  );
}

export function QueryContent<T>({
  query,
  loadingLabel,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** The spinner's words; by default the catalog's "Loading…". */
  loadingLabel?: string;
  /** When the answer has nothing to show, and what to show instead. */
  empty?: { when: (data: T) => boolean; show: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  return (
    <>
      {query.isError && <QueryFailure error={query.error} onRetry={() => void query.refetch()} />}
      {query.data !== undefined && (empty?.when(query.data) ? empty.show : children(query.data))}
    </>
  );
}
