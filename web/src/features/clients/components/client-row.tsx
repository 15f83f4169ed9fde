// One client in the list, with its actions.
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { useFormatDate } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import type { Client } from "../api/client-types";
import { nameOf } from "../utils/name-of";

export function ClientRow({
  client,
  opening,
  onEdit,
  onRotate,
  onDelete,
}: {
  client: Client;
  opening: boolean;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useText();
  const formatDate = useFormatDate();
  // Each action needs the app's script (manage-clients-page.tsx).
  const scriptless = !useHydrated();
  const name = nameOf(client);
  // Visible text stays short; the hidden part names the client for screen readers and tests.
  const named = (action: string) => (
    <>
      {action}
      <span className="visually-hidden"> {name}</span>
    </>
  );
  return (
    <tr>
      <td data-label={t("clients.columns.name")}>
        {client.client_name || <span className="text-body-secondary">{t("clients.noName")}</span>}
      </td>
      <td data-label={t("clients.columns.clientId")}>
        <code className="small text-break">{client.client_id}</code>
      </td>
      <td className="small" data-label={t("clients.columns.grantTypes")}>
        {client.grant_types.join(", ")}
      </td>
      <td className="small text-nowrap" data-label={t("clients.columns.created")}>
        {client.created_at ? <time dateTime={client.created_at}>{formatDate(client.created_at)}</time> : t("common.none")}
      </td>
      <td>
        <div className="d-flex flex-wrap justify-content-end gap-1">
          <Button variant="outline-primary" size="sm" onClick={onEdit} disabled={opening || scriptless}>
            {named(t("clients.edit"))}
          </Button>
          {client.token_endpoint_auth_method !== "none" && (
            <Button variant="outline-secondary" size="sm" onClick={onRotate} disabled={scriptless}>
              {named(t("clients.rotate"))}
            </Button>
          )}
          <Button variant="outline-danger" size="sm" onClick={onDelete} disabled={scriptless}>
            {named(t("clients.delete"))}
          </Button>
        </div>
      </td>
    </tr>
  );
}
