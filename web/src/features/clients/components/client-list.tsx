// The clients found, with each one's actions, and "Load more" while Hydra has more.
import Button from "react-bootstrap/Button";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { ListTable } from "../../../lib/components/list-table";
import { useHydrated } from "../../../lib/use-hydrated";
import type { Client } from "../api/client-types";
import { ClientRow } from "./client-row";

export interface ClientListProps {
  clients: readonly Client[];
  /** The search they answer ("" for all). */
  search: string;
  /** The client whose edit form is being opened. */
  openingId: string | undefined;
  more: { available: boolean; loading: boolean; load: () => void };
  onEdit: (client: Client) => void;
  onRotate: (client: Client) => void;
  onDelete: (client: Client) => void;
}

export function ClientList({ clients, search, openingId, more, onEdit, onRotate, onDelete }: ClientListProps) {
  const { t } = useText();
  const hydrated = useHydrated();
  return (
    <>
      <ListTable
        label={t("clients.table")}
        columns={[t("clients.columns.name"), t("clients.columns.clientId"), t("clients.columns.grantTypes"), t("clients.columns.created")]}
      >
        {clients.map((client) => (
          <ClientRow
            key={client.client_id}
            client={client}
            opening={openingId === client.client_id}
            onEdit={() => onEdit(client)}
            onRotate={() => onRotate(client)}
            onDelete={() => onDelete(client)}
          />
        ))}
      </ListTable>
      {clients.length === 0 && (
        <p className="text-body-secondary small">{search ? t("clients.noMatch", { search }) : t("clients.noClients")}</p>
      )}
      {more.available && (
        <Button variant="outline-secondary" size="sm" onClick={more.load} disabled={more.loading || !hydrated}>
          {more.loading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t("clients.loadMore")}
        </Button>
      )}
    </>
  );
}
