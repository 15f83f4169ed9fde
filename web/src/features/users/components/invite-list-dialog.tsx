// Inviting a list: a CSV pasted or read from a file in the browser
// (utils/invitation-list.ts reads and checks each row), then the server's
// answer of which addresses already have an account, shown row by row before
// anything is sent. Send then invites the rows that can be, one at a time
// through the same request as one invitation, so that each meets its limits
// and refusals; a row over the admin's limit says how long to wait, and so do
// the rows after it. The result can be saved as a CSV.
import { useId, type ChangeEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Spinner from "react-bootstrap/Spinner";
import Table from "react-bootstrap/Table";
import { useText } from "../../../lib/i18n/text";
import { Modal } from "../../../lib/components/modal";
import { errorMessage } from "../../../lib/error-message";
import { useInviteList, useOutcomeWords, type InviteList, type Line, type Stage } from "../hooks/use-invite-list";

export function InviteListDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useText();
  const titleId = useId();
  const list = useInviteList();
  const { stage, lines, toInvite } = list;
  const close = () => {
    if (list.reset()) onClose();
  };

  return (
    <Modal show={show} onHide={close} aria-labelledby={titleId} centered size="xl" scrollable>
      <Modal.Header closeButton={stage.step !== "sending"} closeLabel={t("common.close")}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t("users.invitations.list.title")}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {stage.step === "edit" ? (
          <ListForm list={list} />
        ) : (
          <>
            <p role="status" className="small">
              <Progress stage={stage} lines={lines} toInvite={toInvite} invited={list.invited} />
            </p>
            <OutcomeTable lines={lines} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {stage.step === "edit" && (
          <Button variant="primary" disabled={list.checking || list.text.trim() === ""} onClick={() => void list.check()}>
            {list.checking && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t("users.invitations.list.check")}
          </Button>
        )}
        {stage.step === "preview" && (
          <>
            <Button variant="outline-secondary" onClick={list.back}>
              {t("users.invitations.list.back")}
            </Button>
            <Button variant="primary" disabled={toInvite === 0} onClick={() => void list.send(stage.lines)}>
              {t("users.invitations.list.send", { invite: toInvite })}
            </Button>
          </>
        )}
        {stage.step === "sending" && <Spinner animation="border" size="sm" role="presentation" />}
        {stage.step === "sent" && (
          <>
            <Button variant="outline-primary" onClick={() => void list.download(stage.lines)}>
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

/** The list pasted or read from a file, and why it could not be checked. */
function ListForm({ list }: { list: InviteList }) {
  const { t } = useText();
  const helpId = useId();
  return (
    <>
      <p id={helpId} className="small">
        {t("users.invitations.list.help")}
      </p>
      {list.problem && (
        <Alert variant="danger" className="small">
          {t(`users.invitations.list.listProblem.${list.problem}`)}
        </Alert>
      )}
      {list.checkError !== undefined && (
        <Alert variant="danger" className="small">
          {errorMessage(list.checkError)}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="invite-list-text">
        <Form.Label>{t("users.invitations.list.paste")}</Form.Label>
        <Form.Control
          as="textarea"
          rows={8}
          value={list.text}
          onChange={(event) => list.setText(event.currentTarget.value)}
          spellCheck={false}
          className="font-monospace"
          aria-describedby={helpId}
        />
      </Form.Group>
      <Form.Group controlId="invite-list-file">
        <Form.Label>{t("users.invitations.list.file")}</Form.Label>
        <Form.Control
          type="file"
          accept=".csv,text/csv"
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const file = event.currentTarget.files?.[0];
            if (file) void list.readFile(file);
          }}
        />
      </Form.Group>
    </>
  );
}

/** How far the list is: what it will do, how many are sent, what it did. */
function Progress({ stage, lines, toInvite, invited }: { stage: Stage; lines: Line[]; toInvite: number; invited: number }) {
  const { t } = useText();
  if (stage.step === "sending") return t("users.invitations.list.sending", { done: stage.done, total: toInvite });
  if (stage.step === "sent") return t("users.invitations.list.sent", { invited, total: lines.length });
  return t("users.invitations.list.willInvite", { invite: toInvite, total: lines.length });
}

/** Each row of the list with its outcome. */
function OutcomeTable({ lines }: { lines: Line[] }) {
  const { t } = useText();
  const words = useOutcomeWords();
  return (
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
            <td className={outcome.kind === "invite" || outcome.kind === "invited" ? "" : "text-danger-emphasis"}>{words(outcome)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
