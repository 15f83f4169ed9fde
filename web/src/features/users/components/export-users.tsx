// "Export the list": everyone the current search finds, as CSV or JSON, with
// the count so far while the pages come, and what went wrong where it was asked.
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { errorMessage } from "../../../lib/error-message";
import { saveFile } from "../../../lib/save-file";
import { useHydrated } from "../../../lib/use-hydrated";
import type { UserSearch } from "../api/list-users";
import { everyUser, exportFile, type ExportFormat } from "../utils/user-export";

type Progress =
  { state: "idle" } | { state: "running"; count: number } | { state: "done"; count: number } | { state: "failed"; error: unknown };

export function ExportUsers({ search }: { search: UserSearch }) {
  const { t } = useText();
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const running = progress.state === "running";

  async function run(format: ExportFormat) {
    setProgress({ state: "running", count: 0 });
    try {
      const users = await everyUser(search, (count) => setProgress({ state: "running", count }));
      const file = await exportFile(users, format);
      saveFile(file.content, file.type, file.name);
      setProgress({ state: "done", count: users.length });
    } catch (error) {
      setProgress({ state: "failed", error });
    }
  }

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="small">{t("users.exportList.label")}</span>
        {(["csv", "json"] as const).map((format) => (
          <Button key={format} variant="outline-secondary" size="sm" disabled={!hydrated || running} onClick={() => void run(format)}>
            {t(`users.exportList.${format}`)}
          </Button>
        ))}
        {running && <Spinner animation="border" size="sm" aria-hidden="true" />}
      </div>
      <p className="form-text mb-0" role="status">
        {progress.state === "running"
          ? t("users.exportList.progress", { count: progress.count })
          : progress.state === "done"
            ? t("users.exportList.done", { count: progress.count })
            : progress.state === "idle"
              ? t("users.exportList.help")
              : ""}
      </p>
      {progress.state === "failed" && (
        <Alert variant="danger" className="small mt-2 mb-0">
          {t("users.exportList.failed", { reason: errorMessage(progress.error) })}
        </Alert>
      )}
    </div>
  );
}
