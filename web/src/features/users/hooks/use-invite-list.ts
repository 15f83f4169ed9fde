// What the invitation list dialog does (components/invite-list-dialog.tsx):
// read the list, check it with the server, send the rows that can be invited
// one at a time, and save the result. Each row's outcome is the result
// file's code.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useText } from "../../../lib/i18n/text";
import { isLanguage } from "#contract/languages.js";
import { ApiError } from "../../../lib/api-client";
import { errorMessage, tooManyAttemptsMessage } from "../../../lib/error-message";
import { saveFile } from "../../../lib/save-file";
import { checkInvitations } from "../api/check-invitations";
import { sendInvitation } from "../api/send-invitation";
import { usersKey } from "../api/user-types";
import { parseList, resultCsv, type ListProblem, type ListRow, type RowProblem } from "../utils/invitation-list";

/** What a row will do (before sending) or did (after): the result file's codes. */
export type Outcome =
  | { kind: "invite" }
  | { kind: "invited" }
  /** Invited, but its mail held by the address's mail limit: nothing went out; a resend later sends it. */
  | { kind: "mail_held" }
  | { kind: "account_exists" }
  | { kind: "invalid"; problem: RowProblem | "fields" }
  | { kind: "limited"; retryAfterSeconds: number | undefined }
  | { kind: "failed"; error: unknown };

export interface Line {
  row: ListRow;
  outcome: Outcome;
}

export type Stage =
  | { step: "edit" }
  | { step: "preview"; lines: Line[] }
  | { step: "sending"; lines: Line[]; done: number }
  | { step: "sent"; lines: Line[] };

/** A row's outcome in words, in the table and in the result file. */
export function useOutcomeWords(): (outcome: Outcome) => string {
  const { t } = useText();
  return (outcome) => {
    switch (outcome.kind) {
      case "invite":
        return t("users.invitations.list.outcome.invite");
      case "invited":
        return t("users.invitations.list.outcome.invited");
      case "mail_held":
        return t("users.invitations.list.outcome.mailHeld");
      case "account_exists":
        return t("users.invitations.list.outcome.accountExists");
      case "invalid":
        return t("users.invitations.list.outcome.invalid", { reason: t(`users.invitations.list.problem.${outcome.problem}`) });
      case "limited":
        return t("users.invitations.list.outcome.limited", { wait: tooManyAttemptsMessage(outcome.retryAfterSeconds) });
      case "failed":
        return t("users.invitations.list.outcome.failed", { reason: errorMessage(outcome.error) });
    }
  };
}

/** A refused invitation's outcome, as the server's answer says. */
function refusalOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: "failed", error };
  if (error.status === 429) return { kind: "limited", retryAfterSeconds: error.details.retryAfterSeconds };
  if (error.code === "account_exists") return { kind: "account_exists" };
  if (error.code === "invalid_fields") return { kind: "invalid", problem: "fields" };
  return { kind: "failed", error };
}

export type InviteList = ReturnType<typeof useInviteList>;

export function useInviteList() {
  const { i18n } = useText();
  const queryClient = useQueryClient();
  const words = useOutcomeWords();
  const [text, setText] = useState("");
  const [stage, setStage] = useState<Stage>({ step: "edit" });
  const [problem, setProblem] = useState<ListProblem | "unreadable" | undefined>();
  const [checkError, setCheckError] = useState<unknown>();
  const [checking, setChecking] = useState(false);

  async function readFile(file: File) {
    try {
      setText(await file.text());
      setProblem(undefined);
    } catch {
      setProblem("unreadable");
    }
  }

  async function check() {
    setProblem(undefined);
    setCheckError(undefined);
    setChecking(true);
    try {
      const parsed = await parseList(text, isLanguage(i18n.language) ? i18n.language : "en");
      if ("problem" in parsed) {
        setProblem(parsed.problem);
        return;
      }
      const sendable = parsed.rows.flatMap((row) => ("problem" in row.invitation ? [] : [row.invitation.email]));
      const { accounts } = sendable.length === 0 ? { accounts: [] } : await checkInvitations({ emails: sendable });
      const exists = new Set(sendable.filter((_, index) => accounts[index]));
      setStage({
        step: "preview",
        lines: parsed.rows.map((row) => ({
          row,
          outcome:
            "problem" in row.invitation
              ? { kind: "invalid", problem: row.invitation.problem }
              : exists.has(row.invitation.email)
                ? { kind: "account_exists" }
                : { kind: "invite" },
        })),
      });
    } catch (error) {
      setCheckError(error);
    } finally {
      setChecking(false);
    }
  }

  async function send(lines: Line[]) {
    const results = [...lines];
    let limited: number | undefined | null = null;
    let done = 0;
    for (const [index, line] of lines.entries()) {
      const invitation = line.row.invitation;
      if (line.outcome.kind !== "invite" || "problem" in invitation) continue;
      setStage({ step: "sending", lines: [...results], done: done++ });
      if (limited !== null) {
        // The admin's limit holds for every row after the first it refused.
        results[index] = { ...line, outcome: { kind: "limited", retryAfterSeconds: limited } };
        continue;
      }
      try {
        const sent = await sendInvitation(invitation);
        results[index] = { ...line, outcome: { kind: sent.mail === "held" ? "mail_held" : "invited" } };
      } catch (error) {
        const outcome = refusalOf(error);
        if (outcome.kind === "limited") limited = outcome.retryAfterSeconds;
        results[index] = { ...line, outcome };
      }
    }
    setStage({ step: "sent", lines: results });
    void queryClient.invalidateQueries({ queryKey: usersKey });
  }

  async function download(lines: Line[]) {
    const csv = await resultCsv(lines.map(({ row, outcome }) => ({ row, result: outcome.kind, detail: words(outcome) })));
    saveFile(csv, "text/csv;charset=utf-8", `invitations-${new Date().toISOString().slice(0, 10)}.csv`);
  }

  /** Back to an empty list; not while sending. Answers whether it did. */
  function reset(): boolean {
    if (stage.step === "sending") return false;
    setText("");
    setStage({ step: "edit" });
    setProblem(undefined);
    setCheckError(undefined);
    return true;
  }

  const lines = stage.step === "edit" ? [] : stage.lines;
  return {
    text,
    setText,
    stage,
    problem,
    checkError,
    checking,
    lines,
    /** Before and while sending: the rows still to invite and those being sent. */
    toInvite: lines.filter((line) => line.outcome.kind === "invite").length + (stage.step === "sending" ? stage.done : 0),
    invited: lines.filter((line) => line.outcome.kind === "invited").length,
    readFile,
    check,
    send,
    download,
    back: () => setStage({ step: "edit" }),
    reset,
  };
}
