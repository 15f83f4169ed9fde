// "Active sessions": where the user is signed in, and a way to end the others.
import { useQuery } from "@tanstack/react-query";
import Alert from "react-bootstrap/Alert";
import Badge from "react-bootstrap/Badge";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { ListTable } from "../../../lib/components/list-table";
import { QueryContent } from "../../../lib/components/query-content";
import { errorMessage } from "../../../lib/error-message";
import { useToast } from "../../../lib/feedback/toast";
import { useFormatDateTime } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import { sessionsQueryOptions, type UserSession as Session } from "../api/list-sessions";
import { useRevokeOtherSessions } from "../api/revoke-other-sessions";
import { useRevokeSession } from "../api/revoke-session";
import { deviceName } from "../../../lib/device-name";

export function SessionsCard() {
  const { t } = useText();
  const toast = useToast();
  const sessions = useQuery(sessionsQueryOptions());
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  // The server renders the list with the page's answer: its actions wait for the app.
  const hydrated = useHydrated();
  const busy = revoke.isPending || revokeOthers.isPending || !hydrated;
  const failure = revoke.error ?? revokeOthers.error;

  function end(session: Session) {
    revokeOthers.reset();
    revoke.mutate(session.id, {
      onSuccess: () => toast.show(t("sessions.signedOut", { device: deviceOf(session) }), "success"),
    });
  }

  function endOthers() {
    revoke.reset();
    revokeOthers.mutate(undefined, {
      onSuccess: (count) => toast.show(t("sessions.signedOutOthers", { count }), "success"),
    });
  }

  return (
    <SectionCard title={t("sessions.title")} description={t("sessions.description")} width="wide">
      {failure && (
        <Alert variant="danger" className="py-2 small">
          {errorMessage(failure)}
        </Alert>
      )}
      <QueryContent query={sessions}>
        {(data) => (
          <>
            <ListTable
              label={t("sessions.table")}
              columns={[t("sessions.device"), t("sessions.ipAddress"), t("sessions.signedIn"), t("sessions.expires")]}
            >
              {[data.current, ...data.others].map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  current={session.id === data.current.id}
                  busy={busy}
                  onEnd={() => end(session)}
                />
              ))}
            </ListTable>
            <Button variant="outline-danger" disabled={busy || data.others.length === 0} onClick={endOthers}>
              {t("sessions.signOutOthers")}
            </Button>
          </>
        )}
      </QueryContent>
    </SectionCard>
  );
}

function SessionRow({ session, current, busy, onEnd }: { session: Session; current: boolean; busy: boolean; onEnd: () => void }) {
  const { t } = useText();
  const formatDateTime = useFormatDateTime();
  const device = session.devices.at(0);
  return (
    <tr>
      <td data-label={t("sessions.device")}>
        <div>
          {deviceOf(session)}{" "}
          {current && (
            <Badge bg="success" pill>
              {t("sessions.thisDevice")}
            </Badge>
          )}
        </div>
      </td>
      <td data-label={t("sessions.ipAddress")}>{device?.ip_address || t("common.none")}</td>
      <td data-label={t("sessions.signedIn")}>{formatDateTime(session.authenticated_at)}</td>
      <td data-label={t("sessions.expires")}>{formatDateTime(session.expires_at)}</td>
      <td className="text-end">
        {!current && (
          <Button
            variant="outline-danger"
            size="sm"
            disabled={busy}
            onClick={onEnd}
            aria-label={t("sessions.signOutLabel", { device: deviceOf(session), signedIn: formatDateTime(session.authenticated_at) })}
          >
            {t("sessions.signOut")}
          </Button>
        )}
      </td>
    </tr>
  );
}

function deviceOf(session: Session): string {
  return deviceName(session.devices.at(0)?.device);
}
