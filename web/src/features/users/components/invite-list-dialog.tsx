// Inviting a list: a CSV pasted or read from a file in the browser
// (utils/invitation-list.ts reads and checks each row), then the server's
// answer of which addresses already have an account, shown row by row before
// anything is sent. Send then invites the rows that can be, one at a time
// through the same request as one invitation, so that each meets its limits
// and refusals; a row over the admin's limit says how long to wait, and so do
// the rows after it. The result can be saved as a CSV.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ChangeEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Modal from "react-bootstrap/Modal";
import Spinner from "react-bootstrap/Spinner";
import Table from "react-bootstrap/Table";
import { useTranslation } from "react-i18next";
import { isLanguage } from "#contract/languages.js";
import { ApiError } from "../../../lib/api-client";
import { errorMessage, tooManyAttemptsMessage } from "../../../lib/error-message";
import { saveFile } from "../../../lib/save-file";
import { checkInvitations } from "../api/check-invitations";
import { sendInvitation } from "../api/send-invitation";
import { usersKey } from "../api/user-types";
import { parseList, resultCsv, type ListProblem, type ListRow, type RowProblem } from "../utils/invitation-list";

/** What a row will do (before sending) or did (after): the result file's codes. */
type Outcome =
  | { kind: "invite" }
  | { kind: "invited" }
  /** Invited, but its mail held by the address's mail limit: nothing went out; a resend later sends it. */
  | { kind: "mail_held" }
  | { kind: "account_exists" }
  | { kind: "invalid"; problem: RowProblem | "fields" }
  | { kind: "limited"; retryAfterSeconds: number | undefined }
  | { kind: "failed"; error: unknown };

interface Line {
  row: ListRow;
  outcome: Outcome;
}

type Stage =
  | { step: "edit" }
  | { step: "preview"; lines: Line[] }
  | { step: "sending"; lines: Line[]; done: number }
  | { step: "sent"; lines: Line[] };

export function InviteListDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const helpId = useId();
  const [text, setText] = useState("");
  const [stage, setStage] = useState<Stage>({ step: "edit" });
  const [problem, setProblem] = useState<ListProblem | "unreadable" | undefined>();
  const [checkError, setCheckError] = useState<unknown>();
  const [checking, setChecking] = useState(false);

  const words = (outcome: Outcome): string => {
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

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
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
        const outcome: Outcome = !(error instanceof ApiError)
          ? { kind: "failed", error }
          : error.status === 429
            ? { kind: "limited", retryAfterSeconds: error.details.retryAfterSeconds }
            : error.code === "account_exists"
              ? { kind: "account_exists" }
              : error.code === "invalid_fields"
                ? { kind: "invalid", problem: "fields" }
                : { kind: "failed", error };
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

  const close = () => {
    if (stage.step === "sending") return;
    setText("");
    setStage({ step: "edit" });
    setProblem(undefined);
    setCheckError(undefined);
    onClose();
  };

  const lines = stage.step === "edit" ? [] : stage.lines;
  /** Before and while sending: the rows still to invite and those being sent. */
  const toInvite = lines.filter((line) => line.outcome.kind === "invite").length + (stage.step === "sending" ? stage.done : 0);
  const invited = lines.filter((line) => line.outcome.kind === "invited").length;

  return (
    <Modal show={show} onHide={close} aria-labelledby={titleId} centered size="xl" scrollable>
      <Modal.Header closeButton={stage.step !== "sending"} closeLabel={t("common.close")}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t("users.invitations.list.title")}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {stage.step === "edit" ? (
          <>
            <p id={helpId} className="small">
              {t("users.invitations.list.help")}
            </p>
            {problem && (
              <Alert variant="danger" className="small">
                {t(`users.invitations.list.listProblem.${problem}`)}
              </Alert>
            )}
            {checkError !== undefined && (
              <Alert variant="danger" className="small">
                {errorMessage(checkError)}
              </Alert>
            )}
            <Form.Group className="mb-3" controlId="invite-list-text">
              <Form.Label>{t("users.invitations.list.paste")}</Form.Label>
              <Form.Control
                as="textarea"
                rows={8}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                spellCheck={false}
                className="font-monospace"
                aria-describedby={helpId}
              />
            </Form.Group>
            <Form.Group controlId="invite-list-file">
              <Form.Label>{t("users.invitations.list.file")}</Form.Label>
              <Form.Control type="file" accept=".csv,text/csv" onChange={(event: ChangeEvent<HTMLInputElement>) => void readFile(event)} />
            </Form.Group>
          </>
        ) : (
          <>
            <p role="status" className="small">
              {stage.step === "preview"
                ? t("users.invitations.list.willInvite", { invite: toInvite, total: lines.length })
                : stage.step === "sending"
                  ? t("users.invitations.list.sending", { done: stage.done, total: toInvite })
                  : t("users.invitations.list.sent", { invited, total: lines.length })}
            </p>
            <Table responsive size="sm" className="align-middle" aria-label={t("users.invitations.list.table")}>
              <thead>
                <tr>
                  <th scope="col">{t("users.invitations.list.columns.line")}</th>
                  <th scope="col">{t("users.invitations.list.columns.email")}</th>
                  <th scope="col">{t("users.invitations.list.columns.name")}</th>
                  <th scope="col">{t("users.invitations.list.columns.language")}</th>
                  <th scope="col">{t("users.invitations.list.columns.roles")}</th>
                  <th scope="col">{t("users.invitations.list.columns.outcome")}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map(({ row, outcome }) => (
                  <tr key={row.line}>
                    <td>{row.line}</td>
                    <td className="text-break">{row.email}</td>
                    <td className="text-break">{row.name}</td>
                    <td>{"problem" in row.invitation ? row.language : row.invitation.language}</td>
                    <td>{row.roles.join(", ")}</td>
                    <td className={outcome.kind === "invite" || outcome.kind === "invited" ? "" : "text-danger-emphasis"}>
                      {words(outcome)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {stage.step === "edit" && (
          <Button variant="primary" disabled={checking || text.trim() === ""} onClick={() => void check()}>
            {checking && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t("users.invitations.list.check")}
          </Button>
        )}
        {stage.step === "preview" && (
          <>
            <Button variant="outline-secondary" onClick={() => setStage({ step: "edit" })}>
              {t("users.invitations.list.back")}
            </Button>
            <Button variant="primary" disabled={toInvite === 0} onClick={() => void send(stage.lines)}>
              {t("users.invitations.list.send", { invite: toInvite })}
            </Button>
          </>
        )}
        {stage.step === "sending" && <Spinner animation="border" size="sm" role="presentation" />}
        {stage.step === "sent" && (
          <>
            <Button variant="outline-primary" onClick={() => void download(stage.lines)}>
              {t("users.invitations.list.download")}
            </Button>
            <Button variant="primary" onClick={close}>
              {t("common.close")}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
