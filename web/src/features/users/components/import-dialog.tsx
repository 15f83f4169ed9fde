// "Import people": an export of another identity system read in the browser
// (utils/import-file.ts), checked by the server batch by batch (a dry run
// that says per row what will happen and why not), then imported in batches
// with a progress bar, and a result file of each row's address, outcome and
// refusal. No hash is ever shown or written to the file.
import { useId, useState, type ChangeEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import ProgressBar from "react-bootstrap/ProgressBar";
import Table from "react-bootstrap/Table";
import { useQueryClient } from "@tanstack/react-query";
import { useText } from "../../../lib/i18n/text";
import { importBatchMax, type ImportStoppedOutcome } from "#contract/user-import.js";
import { Modal } from "../../../lib/components/modal";
import { csvFile } from "../../../lib/csv";
import { errorMessage } from "../../../lib/error-message";
import { saveFile } from "../../../lib/save-file";
import { importUsers, type ImportResult } from "../api/import-users";
import { usersKey } from "../api/user-types";
import { readImportFile, type FileProblem } from "../utils/import-file";
import type { ImportPerson } from "#contract/schemas/users.js";

type Row = ImportResult["rows"][number] | { email: string; outcome: ImportStoppedOutcome; reason?: undefined };

type Stage =
  | { step: "choose"; problem?: FileProblem | "failed"; error?: unknown }
  | { step: "checking"; done: number; total: number }
  | { step: "preview"; people: ImportPerson[]; rows: Row[] }
  | { step: "importing"; done: number; total: number; rows: Row[] }
  | { step: "done"; rows: Row[]; error?: unknown };

/** The batches of the list, each at most importBatchMax long. */
const batchesOf = <T,>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / importBatchMax) }, (_, index) =>
    items.slice(index * importBatchMax, (index + 1) * importBatchMax),
  );

/**
 * Each batch's answer in the file's order, one batch after the other; an address an earlier batch had is a
 * duplicate, as within one. A batch that gets no answer stops the run: `error` is set, and its rows and the
 * rows after it carry what is known of them (`unconfirmed`, `not_sent`) rather than being lost.
 */
async function runBatches(
  people: ImportPerson[],
  dryRun: boolean,
  onDone: (done: number) => void,
): Promise<{ rows: Row[]; error?: unknown }> {
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (const batch of batchesOf(people)) {
    let answered: Row[];
    try {
      answered = (await importUsers({ dry_run: dryRun, people: batch })).rows;
    } catch (error) {
      const stopped = (outcome: ImportStoppedOutcome) => (person: ImportPerson) => ({ email: person.email, outcome });
      const after = people.slice(rows.length + batch.length);
      return { rows: [...rows, ...batch.map(stopped("unconfirmed")), ...after.map(stopped("not_sent"))], error };
    }
    for (const row of answered) {
      const address = row.email.toLowerCase();
      rows.push(row.outcome !== "refused" && seen.has(address) ? { email: row.email, outcome: "refused", reason: "duplicate" } : row);
      seen.add(address);
    }
    onDone(rows.length);
  }
  return { rows };
}

export function ImportDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useText();
  const titleId = useId();
  const helpId = useId();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const busy = stage.step === "checking" || stage.step === "importing";

  const close = () => {
    if (busy) return;
    setStage({ step: "choose" });
    onClose();
  };

  async function check(file: File) {
    const reading = await readImportFile(await file.text());
    if ("problem" in reading) {
      setStage({ step: "choose", problem: reading.problem });
      return;
    }
    const total = reading.people.length;
    setStage({ step: "checking", done: 0, total });
    const { rows, error } = await runBatches(reading.people, true, (done) => setStage({ step: "checking", done, total }));
    setStage(error === undefined ? { step: "preview", people: reading.people, rows } : { step: "choose", problem: "failed", error });
  }

  async function run(people: ImportPerson[], checked: Row[]) {
    const ready = people.filter((_person, index) => checked[index]?.outcome === "will_import");
    const total = ready.length;
    setStage({ step: "importing", done: 0, total, rows: checked });
    const { rows: imported, error } = await runBatches(ready, false, (done) => setStage({ step: "importing", done, total, rows: checked }));
    let next = 0;
    const rows = checked.map((row) => (row.outcome === "will_import" ? (imported[next++] ?? row) : row));
    setStage({ step: "done", rows, error });
    void queryClient.invalidateQueries({ queryKey: usersKey });
  }

  async function download(rows: Row[]) {
    const content = await csvFile(
      ["email", "outcome", "reason"],
      rows.map((row) => [row.email, row.outcome, row.reason ?? ""]),
    );
    saveFile(content, "text/csv;charset=utf-8", "import-result.csv");
  }

  const rowWords = (row: Row) =>
    row.outcome === "refused"
      ? t("users.import.outcomes.refused", { reason: t(`users.import.reasons.${row.reason ?? "refused"}`) })
      : t(`users.import.outcomes.${row.outcome}`);

  const rows = stage.step === "preview" || stage.step === "importing" || stage.step === "done" ? stage.rows : [];
  const ready = rows.filter((row) => row.outcome === "will_import").length;

  return (
    <Modal show={show} onHide={close} aria-labelledby={titleId} centered size="xl">
      <Modal.Header closeButton={!busy} closeLabel={t("common.close")}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t("users.import.title")}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {stage.step === "choose" && (
          <>
            <p id={helpId} className="small">
              {t("users.import.help")}
            </p>
            {stage.problem && (
              <Alert variant="danger" className="small">
                {t(`users.import.problems.${stage.problem}`)}
                {stage.error !== undefined && ` ${errorMessage(stage.error)}`}
              </Alert>
            )}
            <Form.Group controlId="import-file">
              <Form.Label>{t("users.import.file")}</Form.Label>
              <Form.Control
                type="file"
                accept=".json,.jsonl,.ndjson,.csv,application/json,text/csv"
                aria-describedby={helpId}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) void check(file);
                }}
              />
            </Form.Group>
          </>
        )}
        {(stage.step === "checking" || stage.step === "importing") && (
          <>
            <p role="status" className="small">
              {t(stage.step === "checking" ? "users.import.checking" : "users.import.importing", { done: stage.done, total: stage.total })}
            </p>
            <ProgressBar now={stage.total === 0 ? 100 : (100 * stage.done) / stage.total} aria-label={t("users.import.progress")} />
          </>
        )}
        {stage.step === "preview" && (
          <p role="status" className="small">
            {t("users.import.summary", { ready, total: rows.length })}
          </p>
        )}
        {stage.step === "done" &&
          (stage.error === undefined ? (
            <p role="status" className="small">
              {t("users.import.done", { imported: rows.filter((row) => row.outcome === "imported").length, total: rows.length })}
            </p>
          ) : (
            <Alert variant="danger" className="small" role="status">
              {t("users.import.stopped", { imported: rows.filter((row) => row.outcome === "imported").length, total: rows.length })}{" "}
              {errorMessage(stage.error)}
            </Alert>
          ))}
        {(stage.step === "preview" || stage.step === "done") && (
          <Table responsive size="sm" className="align-middle" aria-label={t("users.import.table")}>
            <thead>
              <tr>
                <th scope="col">{t("users.import.columns.line")}</th>
                <th scope="col">{t("users.import.columns.email")}</th>
                <th scope="col">{t("users.import.columns.outcome")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <td>{index + 1}</td>
                  <td className="text-break">{row.email}</td>
                  <td className={row.outcome === "imported" || row.outcome === "will_import" ? "" : "text-danger-emphasis"}>
                    {rowWords(row)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
      <Modal.Footer>
        {stage.step === "preview" && (
          <>
            <Button variant="outline-secondary" onClick={() => setStage({ step: "choose" })}>
              {t("users.import.back")}
            </Button>
            <Button variant="primary" disabled={ready === 0} onClick={() => void run(stage.people, stage.rows)}>
              {t("users.import.run", { ready })}
            </Button>
          </>
        )}
        {stage.step === "done" && (
          <>
            <Button variant="outline-primary" onClick={() => void download(stage.rows)}>
              {t("users.import.download")}
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
