// /undo?token=…: a security mail's undo link. Opening it only says which
// change it reverts and what undoing does (a mail scanner that fetches the
// link spends nothing); the button confirms. Then the page says that a
// recovery code is on its way, and leads to the recovery page. A link that
// is invalid, expired or spent says so, and what to do instead.
import { useQuery } from "@tanstack/react-query";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { useSearchParams } from "react-router-dom";
import { href } from "#contract/paths.js";
import type { UndoView } from "#contract/schemas/undo.js";
import { PublicCard } from "../../../lib/components/cards";
import { Loading } from "../../../lib/components/loading";
import { ApiError } from "../../../lib/api-client";
import { codeMessage, errorMessage } from "../../../lib/error-message";
import { useFormatDateTime } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import { useConfirmUndo } from "../api/confirm-undo";
import { undoQueryOptions } from "../api/get-undo";

/** The link's own refusals in their words, anything else as usual. */
function problemMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.details.code : undefined;
  return code === "undo_invalid" || code === "undo_expired" || code === "undo_used" ? codeMessage(code) : errorMessage(error);
}

function RecoveryButton() {
  const { t } = useText();
  return (
    <div className="d-grid">
      <Button href={href("recovery")} variant="outline-primary">
        {t("undo.recover")}
      </Button>
    </div>
  );
}

function ChangeNamed({ view }: { view: UndoView }) {
  const { t } = useText();
  const formatDateTime = useFormatDateTime();
  const secondFactor = view.change === "second_factor_added" || view.change === "second_factor_removed";
  const method = secondFactor
    ? t(`account.activity.methods.${view.method ?? "totp"}`, { defaultValue: view.method ?? "" })
    : (view.method ?? "");
  return <p>{t(`undo.changes.${view.change}`, { at: formatDateTime(view.at), method })}</p>;
}

export function UndoPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const view = useQuery({ ...undoQueryOptions(token), enabled: token !== "" });
  const confirm = useConfirmUndo();
  const hydrated = useHydrated();

  if (confirm.isSuccess) {
    return (
      <PublicCard title={t("undo.doneTitle")}>
        <Alert variant={confirm.data.mail === "queued" ? "success" : "warning"}>
          {confirm.data.mail === "queued" ? t("undo.done") : t("undo.held")}
        </Alert>
        <RecoveryButton />
      </PublicCard>
    );
  }

  if (token === "" || view.isError) {
    return (
      <PublicCard title={t("undo.problemTitle")}>
        <Alert variant="warning">{view.isError ? problemMessage(view.error) : codeMessage("undo_invalid")}</Alert>
        <RecoveryButton />
      </PublicCard>
    );
  }

  if (!view.data) {
    return (
      <PublicCard title={t("undo.title")}>
        <Loading label={t("undo.loading")} />
      </PublicCard>
    );
  }

  return (
    <PublicCard title={t("undo.title")}>
      <ChangeNamed view={view.data} />
      <p>{t("undo.what")}</p>
      <p className="text-body-secondary">{t("undo.ifYou")}</p>
      {confirm.isError && (
        <Alert variant="danger" className="small">
          {problemMessage(confirm.error)}
        </Alert>
      )}
      <div className="d-grid">
        <Button variant="danger" disabled={!hydrated || confirm.isPending} onClick={() => confirm.mutate(token)}>
          {confirm.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t("undo.confirm")}
        </Button>
      </div>
    </PublicCard>
  );
}
