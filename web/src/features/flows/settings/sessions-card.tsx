// "Active sessions": where the user is signed in, and a way to end the others.
import type { Session } from "@ory/client";
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Badge from "react-bootstrap/Badge";
import Button from "react-bootstrap/Button";
import { useToast } from "../../../lib/feedback";
import { Loading, SectionCard } from "../layout";
import { describeUserAgent } from "./describe-device";
import { useSessions } from "./use-sessions";
import { ListTable } from "../../../lib/list-table";

export function SessionsCard() {
  const { current, others, loading, failure, signOut, signOutOthers } = useSessions();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function run<T>(action: () => Promise<T>): Promise<T> {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  }

  async function end(session: Session) {
    if (await run(() => signOut(session.id))) {
      toast.show(`Signed out the session on ${deviceOf(session)}.`, "success");
    }
  }

  async function endOthers() {
    const count = await run(signOutOthers);
    if (count !== undefined) {
      toast.show(count === 1 ? "Signed out 1 other session." : `Signed out ${count} other sessions.`, "success");
    }
  }

  const sessions = current ? [current, ...others.filter((session) => session.id !== current.id)] : others;

  return (
    <SectionCard title="Active sessions" description="The devices you are signed in on." width="wide">
      {failure && (
        <Alert variant="danger" className="py-2 small">
          {failure}
        </Alert>
      )}
      {loading ? (
        <Loading />
      ) : (
        <>
          <ListTable label="Your sessions" columns={["Device", "IP address", "Signed in", "Expires"]}>
            {sessions.map((session) => {
              const device = session.devices?.[0];
              const isCurrent = session.id === current?.id;
              return (
                <tr key={session.id}>
                  <td>
                    <div>
                      {deviceOf(session)}{" "}
                      {isCurrent && (
                        <Badge bg="success" pill>
                          This device
                        </Badge>
                      )}
                    </div>
                    {device?.user_agent && (
                      <div className="form-text text-truncate session-agent" title={device.user_agent}>
                        {device.user_agent}
                      </div>
                    )}
                  </td>
                  <td>{device?.ip_address || "—"}</td>
                  <td>{formatTime(session.authenticated_at)}</td>
                  <td>{formatTime(session.expires_at)}</td>
                  <td className="text-end">
                    {!isCurrent && (
                      <Button
                        variant="outline-danger"
                        size="sm"
                        disabled={busy}
                        onClick={() => void end(session)}
                        aria-label={`Sign out the session on ${deviceOf(session)}, signed in ${formatTime(session.authenticated_at)}`}
                      >
                        Sign out
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </ListTable>
          <Button variant="outline-danger" disabled={busy || others.length === 0} onClick={() => void endOthers()}>
            Sign out all other sessions
          </Button>
        </>
      )}
    </SectionCard>
  );
}

function deviceOf(session: Session): string {
  return describeUserAgent(session.devices?.[0]?.user_agent);
}

function formatTime(iso: string | undefined): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
