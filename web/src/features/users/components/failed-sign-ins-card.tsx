// The wrong passwords the portal recorded for the person (their activity's
// sign_in_failed), as their owner sees them: the device's names and the
// client's address, newest first. Beside the sign-in lock they can lead to.
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { ListTable } from "../../../lib/components/list-table";
import { deviceName } from "../../../lib/device-name";
import { useFormatDateTime } from "../../../lib/format";
import type { UserDetail } from "../api/user-types";

export function FailedSignInsCard({ user }: { user: UserDetail["user"] }) {
  const { t } = useText();
  // The server renders the page too: dates as the reader's once the app runs.
  const formatDateTime = useFormatDateTime();
  const attempts = user.failed_sign_ins ?? [];
  return (
    <SectionCard title={t("users.failedSignIns.title")} description={t("users.failedSignIns.description")} width="wide">
      {attempts.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t("users.failedSignIns.none")}</p>
      ) : (
        <ListTable
          label={t("users.failedSignIns.table")}
          columns={[t("users.failedSignIns.device"), t("users.failedSignIns.ipAddress"), t("users.failedSignIns.when")]}
        >
          {attempts.map((attempt, index) => (
            <tr key={`${attempt.at}-${String(index)}`}>
              <td className="small">{deviceName(attempt.device)}</td>
              <td>{attempt.ip || t("common.none")}</td>
              <td>{formatDateTime(attempt.at)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </SectionCard>
  );
}
