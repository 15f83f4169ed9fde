// What admins did to the person's account, newest first, within the retention period.
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { EmailAddress } from "../../../lib/components/email-address";
import { ListTable } from "../../../lib/components/list-table";
import { useFormatDateTime } from "../../../lib/format";
import type { UserDetail } from "../api/user-types";

export function AuditCard({ audit }: { audit: UserDetail["audit"] }) {
  const { t } = useText();
  // The server renders the page too: dates as the reader's once the app runs.
  const formatDateTime = useFormatDateTime();
  return (
    <SectionCard title={t("users.audit.title")} width="wide">
      {audit.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t("users.audit.none")}</p>
      ) : (
        <ListTable
          label={t("users.audit.table")}
          columns={[
            t("users.audit.columns.when"),
            t("users.audit.columns.who"),
            t("users.audit.columns.what"),
            t("users.audit.columns.ip"),
          ]}
        >
          {audit.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td data-label={t("users.audit.columns.when")}>{formatDateTime(entry.at)}</td>
              <td data-label={t("users.audit.columns.who")}>
                {entry.actor_email ? <EmailAddress address={entry.actor_email} /> : <span className="text-break">{entry.actor_id}</span>}
              </td>
              <td data-label={t("users.audit.columns.what")}>{t(`users.audit.actions.${entry.action}`, { role: entry.role ?? "" })}</td>
              <td data-label={t("users.audit.columns.ip")}>{entry.ip}</td>
              <td />
            </tr>
          ))}
        </ListTable>
      )}
    </SectionCard>
  );
}
