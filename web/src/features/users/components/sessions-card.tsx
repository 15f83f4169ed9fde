// The person's sessions, and signing them out everywhere.
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { ListTable } from "../../../lib/components/list-table";
import { deviceName } from "../../../lib/device-name";
import { useFormatDateTime } from "../../../lib/format";
import { useRevokeSessions } from "../api/revoke-sessions";
import type { UserDetail } from "../api/user-types";
import { nameOf } from "../utils/name-of";
import { AskingButton, type Ask } from "./asking-button";

export function SessionsCard({ user, sessions, ask }: { user: UserDetail["user"]; sessions: UserDetail["sessions"]; ask: Ask }) {
  const { t } = useText();
  // The server renders the page too: dates as the reader's once the app runs.
  const formatDateTime = useFormatDateTime();
  const revokeSessions = useRevokeSessions();
  const name = nameOf(user);
  return (
    <SectionCard title={t("users.sessions.title")} width="wide">
      {sessions.length === 0 ? (
        <p className="text-body-secondary small">{t("users.sessions.none")}</p>
      ) : (
        <ListTable
          label={t("users.sessions.table")}
          columns={[
            t("users.sessions.columns.device"),
            t("users.sessions.columns.ip"),
            t("users.sessions.columns.signedIn"),
            t("users.sessions.columns.expires"),
          ]}
        >
          {sessions.map((item) => {
            const device = item.devices.at(-1);
            return (
              <tr key={item.id}>
                <td className="small">{deviceName(device?.device)}</td>
                <td>{device?.ip_address || t("common.none")}</td>
                <td>{formatDateTime(item.authenticated_at)}</td>
                <td>{formatDateTime(item.expires_at)}</td>
                <td />
              </tr>
            );
          })}
        </ListTable>
      )}
      <AskingButton
        ask={ask}
        label={t("users.sessions.signOutEverywhere")}
        title={t("users.sessions.confirmTitle")}
        body={t("users.sessions.confirmBody", { name })}
        danger
        disabled={sessions.length === 0}
        action={() => revokeSessions.mutateAsync(user.id)}
        done={t("users.sessions.done", { name })}
      />
    </SectionCard>
  );
}
