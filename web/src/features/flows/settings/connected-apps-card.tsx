// "Connected apps": the applications the user allowed to use their account
// (through the portal's consent page), what each may do, and taking it back.
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { useModal, useToast } from "../../../lib/feedback";
import { describeScope } from "../../../lib/oauth2-scopes";
import { Loading, SectionCard } from "../layout";
import type { ConnectedApp } from "./list-connected-apps";
import { useConnectedApps } from "./use-connected-apps";
import { ListTable } from "../../../lib/list-table";

export function ConnectedAppsCard() {
  const { apps, loading, failure, revoke, revokeAll } = useConnectedApps();
  const toast = useToast();
  const modal = useModal();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<boolean>, success: string) {
    setBusy(true);
    try {
      if (await action()) toast.show(success, "success");
    } finally {
      setBusy(false);
    }
  }

  function confirmRevoke(app: ConnectedApp) {
    modal.open({
      title: `Revoke access of ${app.client_name}?`,
      body: `${app.client_name} will be signed out and can no longer use your account. It will ask for your permission again the next time you use it.`,
      confirmLabel: "Revoke",
      onConfirm: () => void run(() => revoke(app.client_id), `Revoked the access of ${app.client_name}.`),
    });
  }

  function confirmRevokeAll() {
    modal.open({
      title: "Revoke access of all applications?",
      body: "Every application below will be signed out and can no longer use your account until you allow it again.",
      confirmLabel: "Revoke all",
      onConfirm: () => void run(revokeAll, "Revoked the access of all applications."),
    });
  }

  return (
    <SectionCard
      title="Connected apps"
      description="Applications you allowed to use your account. Revoking an application's access signs it out at once."
      width="wide"
    >
      {failure && (
        <Alert variant="danger" className="py-2 small">
          {failure}
        </Alert>
      )}
      {loading ? (
        <Loading />
      ) : apps.length === 0 ? (
        <p className="mb-0">You have not allowed any application to use your account.</p>
      ) : (
        <>
          <ListTable label="Your connected apps" columns={["Application", "Can", "Allowed"]}>
            {apps.map((app) => (
              <tr key={app.client_id}>
                <td>{app.client_name}</td>
                <td>
                  <ul className="list-unstyled small mb-0">
                    {app.scopes.map((scope) => (
                      <li key={scope}>{describeScope(scope).words ?? <code>{scope}</code>}</li>
                    ))}
                  </ul>
                </td>
                <td>{formatTime(app.granted_at)}</td>
                <td className="text-end">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    disabled={busy}
                    onClick={() => confirmRevoke(app)}
                    aria-label={`Revoke access of ${app.client_name}`}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </ListTable>
          <Button variant="outline-danger" disabled={busy} onClick={confirmRevokeAll}>
            Revoke all
          </Button>
        </>
      )}
    </SectionCard>
  );
}

function formatTime(iso: string | null): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
