// "Connected apps": the applications the user allowed to use their account
// (through the portal's consent page), what each may do, and taking it back.
// Revoking asks first; the dialog shows the progress and any failure.
import { useQuery } from "@tanstack/react-query";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { ListTable } from "../../../lib/components/list-table";
import { QueryContent } from "../../../lib/components/query-content";
import { useToast } from "../../../lib/feedback/toast";
import { useConfirm } from "../../../lib/feedback/use-confirm";
import { useFormatDateTime } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import { ScopeList } from "../../../lib/components/scope-list";
import { connectedAppsQueryOptions, type ConnectedApp } from "../api/list-connected-apps";
import { useRevokeAllConnectedApps } from "../api/revoke-all-connected-apps";
import { useRevokeConnectedApp } from "../api/revoke-connected-app";

export function ConnectedAppsCard() {
  const { t } = useText();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const apps = useQuery(connectedAppsQueryOptions());
  // The server renders the list with the page's answer: dates and actions wait for the app.
  const formatDateTime = useFormatDateTime();
  const hydrated = useHydrated();
  const revoke = useRevokeConnectedApp();
  const revokeAll = useRevokeAllConnectedApps();

  async function confirmRevoke(app: ConnectedApp) {
    const revoked = await confirm({
      title: t("connectedApps.confirmRevoke.title", { name: app.client_name }),
      body: t("connectedApps.confirmRevoke.body", { name: app.client_name }),
      confirmLabel: t("connectedApps.revoke"),
      variant: "danger",
      action: () => revoke.mutateAsync(app.client_id),
    });
    if (revoked) toast.show(t("connectedApps.revoked", { name: app.client_name }), "success");
  }

  async function confirmRevokeAll() {
    const revoked = await confirm({
      title: t("connectedApps.confirmRevokeAll.title"),
      body: t("connectedApps.confirmRevokeAll.body"),
      confirmLabel: t("connectedApps.revokeAll"),
      variant: "danger",
      action: () => revokeAll.mutateAsync(),
    });
    if (revoked) toast.show(t("connectedApps.revokedAll"), "success");
  }

  return (
    <SectionCard title={t("connectedApps.title")} description={t("connectedApps.description")} width="wide">
      <QueryContent query={apps} empty={{ when: (data) => data.length === 0, show: <p className="mb-0">{t("connectedApps.none")}</p> }}>
        {(data) => (
          <>
            <ListTable
              label={t("connectedApps.table")}
              columns={[t("connectedApps.application"), t("connectedApps.can"), t("connectedApps.allowed")]}
            >
              {data.map((app) => (
                <tr key={app.client_id}>
                  <td data-label={t("connectedApps.application")}>{app.client_name}</td>
                  <td data-label={t("connectedApps.can")}>
                    <ScopeList scopes={app.scopes} className="list-unstyled small mb-0" />
                  </td>
                  <td data-label={t("connectedApps.allowed")}>{formatDateTime(app.granted_at)}</td>
                  <td className="text-end">
                    <Button
                      variant="outline-danger"
                      size="sm"
                      disabled={!hydrated}
                      onClick={() => void confirmRevoke(app)}
                      aria-label={t("connectedApps.revokeLabel", { name: app.client_name })}
                    >
                      {t("connectedApps.revoke")}
                    </Button>
                  </td>
                </tr>
              ))}
            </ListTable>
            <Button variant="outline-danger" disabled={!hydrated} onClick={() => void confirmRevokeAll()}>
              {t("connectedApps.revokeAll")}
            </Button>
          </>
        )}
      </QueryContent>
      {dialog}
    </SectionCard>
  );
}
