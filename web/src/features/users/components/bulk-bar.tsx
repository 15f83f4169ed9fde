// Many people at once: the selection (this page's rows, or everyone the search
// finds), one action for all of them after one confirmation that names the
// count and the rules, and what became of each person.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { ApiError } from "../../../lib/api-client";
import { EmailAddress } from "../../../lib/components/email-address";
import { ListTable } from "../../../lib/components/list-table";
import { errorMessage } from "../../../lib/error-message";
import { useConfirm } from "../../../lib/feedback/use-confirm";
import { useHydrated } from "../../../lib/use-hydrated";
import type { UserSearch } from "../api/list-users";
import { usersKey } from "../api/user-types";
import { bulkActions, runBulk, type BulkAction, type Outcome } from "../utils/bulk-actions";
import { everyUser } from "../utils/user-export";

interface BulkBarProps {
  search: UserSearch;
  /** The selected people: id → address. */
  selection: ReadonlyMap<string, string>;
  onSelection: (selection: ReadonlyMap<string, string>) => void;
}

type Run = { state: "idle" } | { state: "running"; done: number; total: number } | { state: "finished"; outcomes: Outcome[] };

export function BulkBar({ search, selection, onSelection }: BulkBarProps) {
  const { t } = useText();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [run, setRun] = useState<Run>({ state: "idle" });
  const [finding, setFinding] = useState<{ failed?: unknown } | null>(null);
  const busy = run.state === "running" || (finding !== null && finding.failed === undefined);

  async function selectEveryone() {
    setFinding({});
    try {
      const users = await everyUser(search, () => undefined);
      onSelection(new Map(users.map((user) => [user.id, user.email])));
      setFinding(null);
    } catch (error) {
      setFinding({ failed: error });
    }
  }

  async function act(action: BulkAction) {
    const people = [...selection].map(([id, email]) => ({ id, email }));
    const confirmed = await confirm({
      title: t(`users.bulk.confirm.${action}`, { count: people.length }),
      body: (
        <>
          <p>{t("users.bulk.rules")}</p>
          {action === "delete" && <p className="mb-0">{t("users.bulk.deleteWarning")}</p>}
        </>
      ),
      confirmLabel: t(`users.bulk.actions.${action}`),
      variant: action === "delete" || action === "deactivate" ? "danger" : "primary",
    });
    if (!confirmed) return;
    setRun({ state: "running", done: 0, total: people.length });
    const outcomes = await runBulk(action, people, (done) => setRun({ state: "running", done, total: people.length }));
    setRun({ state: "finished", outcomes });
    onSelection(new Map());
    void queryClient.invalidateQueries({ queryKey: usersKey });
  }

  const outcomeOf = (outcome: Outcome) => {
    if (outcome.done) return t("users.bulk.outcome.done");
    const code = outcome.error instanceof ApiError ? outcome.error.details.code : undefined;
    if (code === "last_admin") return t("users.bulk.outcome.lastAdmin");
    if (code === "self_action") return t("users.bulk.outcome.self");
    return t("users.bulk.outcome.failed", { reason: errorMessage(outcome.error) });
  };

  return (
    <section aria-label={t("users.bulk.label")} className="mb-3">
      {dialog}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="small" role="status">
          {run.state === "running"
            ? t("users.bulk.running", { done: run.done, total: run.total })
            : t("users.bulk.selected", { count: selection.size })}
        </span>
        <Button variant="outline-secondary" size="sm" disabled={!hydrated || busy} onClick={() => void selectEveryone()}>
          {finding && finding.failed === undefined ? t("users.bulk.finding") : t("users.bulk.selectAll")}
        </Button>
        {selection.size > 0 && (
          <Button variant="outline-secondary" size="sm" disabled={busy} onClick={() => onSelection(new Map())}>
            {t("users.bulk.clear")}
          </Button>
        )}
        {bulkActions.map((action) => (
          <Button
            key={action}
            variant={action === "delete" ? "outline-danger" : "outline-primary"}
            size="sm"
            disabled={!hydrated || busy || selection.size === 0}
            onClick={() => void act(action)}
          >
            {t(`users.bulk.actions.${action}`)}
          </Button>
        ))}
      </div>
      {finding?.failed !== undefined && (
        <Alert variant="danger" className="small mt-2 mb-0">
          {errorMessage(finding.failed)}
        </Alert>
      )}
      {run.state === "finished" && (
        <div className="mt-3">
          <h2 className="h6">
            {t("users.bulk.finished", { done: run.outcomes.filter((outcome) => outcome.done).length, total: run.outcomes.length })}
          </h2>
          <ListTable label={t("users.bulk.results")} columns={[t("users.bulk.columns.who"), t("users.bulk.columns.outcome")]}>
            {run.outcomes.map((outcome) => (
              <tr key={outcome.person.id}>
                <td data-label={t("users.bulk.columns.who")}>
                  <EmailAddress address={outcome.person.email} />
                </td>
                <td data-label={t("users.bulk.columns.outcome")}>{outcomeOf(outcome)}</td>
                <td />
              </tr>
            ))}
          </ListTable>
        </div>
      )}
    </section>
  );
}
