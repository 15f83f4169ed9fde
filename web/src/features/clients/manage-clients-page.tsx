// Manage Clients: the OAuth2 clients in Hydra, for admins. The server enforces
// the admin role; this page only shows what it answers.
import { useEffect, useId, useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import Spinner from "react-bootstrap/Spinner";
import { ApiError } from "../../lib/api";
import { useCurrentSession } from "../../lib/current-session";
import { useModal, useToast } from "../../lib/feedback";
import { ClientFormDialog } from "./client-form-dialog";
import { formValuesOf, newClientValues, toClientInput, toClientUpdate, type ClientFormValues } from "./client-form-values";
import type { Client } from "./client-types";
import { createClient } from "./create-client";
import { deleteClient } from "./delete-client";
import { getClient } from "./get-client";
import { rotateClientSecret } from "./rotate-client-secret";
import { SecretNotice } from "./secret-notice";
import { updateClient } from "./update-client";
import { useClients } from "./use-clients";
import { ListTable } from "../../lib/list-table";

/** What the open form edits: a new client, or an existing one as it was when the form opened. */
interface OpenForm {
  key: number;
  client?: Client;
  initial: ClientFormValues;
}

/** A failure that concerns the whole page rather than one action. */
type PageProblem = { kind: "unavailable" | "not-allowed"; message: string };

const nameOf = (client: Pick<Client, "client_name" | "client_id">) => client.client_name || client.client_id;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function ManageClientsPage() {
  const clients = useClients();
  const toast = useToast();
  const modal = useModal();
  const { refresh } = useCurrentSession();
  const [query, setQuery] = useState("");
  const [form, setForm] = useState<OpenForm | null>(null);
  const [formShown, setFormShown] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const [problem, setProblem] = useState<PageProblem | null>(null);
  const headingId = useId();
  const searchId = useId();

  const listProblem = problemOf(clients.failure);
  const shownProblem = problem ?? listProblem;

  // The session ended or lost the admin role since the page opened: the
  // session check then sends the user to sign in, or RequireRole refuses.
  const listStatus = clients.failure?.status;
  useEffect(() => {
    if (listStatus === 401 || listStatus === 403) void refresh();
  }, [listStatus, refresh]);

  /**
   * Failures that are not about the action itself: a session that ended
   * (the session check then sends the user to sign in), a role that was taken
   * away, Hydra down. Returns true when it took care of the failure.
   */
  function handlePageFailure(error: unknown): boolean {
    if (!(error instanceof ApiError)) return false;
    if (error.status === 401 || error.status === 403) void refresh();
    const found = problemOf(error);
    if (found) setProblem(found);
    return found !== null || error.status === 401;
  }

  function failed(error: unknown, what: string) {
    if (handlePageFailure(error)) return;
    toast.show(error instanceof ApiError ? error.message : `${what} failed. Please try again.`, "danger");
  }

  function retry() {
    setProblem(null);
    void clients.reload();
  }

  function search(event: FormEvent) {
    event.preventDefault();
    void clients.load(query);
  }

  function clearSearch() {
    setQuery("");
    void clients.load("");
  }

  function openForm(client?: Client) {
    setForm({ key: Date.now(), client, initial: client ? formValuesOf(client) : newClientValues });
    setFormShown(true);
  }

  async function openEdit(client: Client) {
    // The list may be older than the client: edit what is stored now.
    setOpening(client.client_id);
    try {
      openForm(await getClient(client.client_id));
    } catch (error) {
      failed(error, "Opening the client");
    } finally {
      setOpening(null);
    }
  }

  function showSecret(client: { client_id: string; client_name: string }, secret: string, title: string) {
    modal.open({
      title,
      body: <SecretNotice clientName={nameOf(client)} clientId={client.client_id} secret={secret} />,
    });
  }

  async function save(values: ClientFormValues) {
    if (!form) return;
    try {
      if (form.client) {
        const update = toClientUpdate(form.initial, values);
        if (Object.keys(update).length === 0) {
          setFormShown(false);
          toast.show("Nothing was changed.", "info");
          return;
        }
        const saved = await updateClient(form.client.client_id, update);
        setFormShown(false);
        toast.show(`Saved ${nameOf(saved)}.`, "success");
      } else {
        const created = await createClient(toClientInput(values));
        setFormShown(false);
        toast.show(`Created ${nameOf(created)}.`, "success");
        if (created.client_secret) showSecret(created, created.client_secret, "Client created");
      }
      void clients.reload();
    } catch (error) {
      handlePageFailure(error);
      throw error;
    }
  }

  function confirmRotate(client: Client) {
    modal.open({
      title: "Rotate secret",
      body: (
        <p className="mb-0">
          Give <strong>{nameOf(client)}</strong> a new secret? The current one stops working at once, so the application
          cannot authenticate until it has the new one.
        </p>
      ),
      confirmLabel: "Rotate secret",
      onConfirm: () => void rotate(client),
    });
  }

  async function rotate(client: Client) {
    try {
      const { client_secret: secret } = await rotateClientSecret(client.client_id);
      toast.show(`${nameOf(client)} has a new secret.`, "success");
      showSecret(client, secret, "New client secret");
    } catch (error) {
      failed(error, "Rotating the secret");
    }
  }

  function confirmDelete(client: Client) {
    modal.open({
      title: "Delete client",
      body: (
        <p className="mb-0">
          Delete <strong>{nameOf(client)}</strong>? The application can no longer sign users in or get tokens. This cannot
          be undone.
        </p>
      ),
      confirmLabel: "Delete",
      onConfirm: () => void remove(client),
    });
  }

  async function remove(client: Client) {
    try {
      await deleteClient(client.client_id);
      toast.show(`Deleted ${nameOf(client)}.`, "success");
      void clients.reload();
    } catch (error) {
      failed(error, "Deleting the client");
    }
  }

  return (
    <Card as="section" aria-labelledby={headingId} className="card-wide shadow-sm">
      <Card.Body className="p-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h1 id={headingId} className="h4 mb-0">
            Manage Clients
          </h1>
          <Button variant="primary" onClick={() => openForm()} disabled={shownProblem !== null}>
            New client
          </Button>
        </div>
        <p className="text-body-secondary small">
          The applications that sign users in through the portal (OAuth2 clients).
        </p>

        {shownProblem?.kind === "unavailable" && (
          <Alert variant="warning">
            <Alert.Heading as="h2" className="h6">
              Client management is unavailable
            </Alert.Heading>
            <p className="small">
              {shownProblem.message} The rest of the portal works as usual.
            </p>
            <Button variant="outline-dark" size="sm" onClick={retry}>
              Retry
            </Button>
          </Alert>
        )}
        {shownProblem?.kind === "not-allowed" && (
          <Alert variant="danger">
            <Alert.Heading as="h2" className="h6">
              Not allowed
            </Alert.Heading>
            <p className="small mb-0">{shownProblem.message}</p>
          </Alert>
        )}
        {clients.failure && !listProblem && (
          <Alert variant="danger" className="small">
            {clients.failure.message}
          </Alert>
        )}

        <Form role="search" aria-label="Clients" className="mb-3" onSubmit={search}>
          <Form.Label htmlFor={searchId} className="small">
            Search by name
          </Form.Label>
          <InputGroup size="sm">
            <Form.Control id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
            <Button type="submit" variant="outline-primary">
              Search
            </Button>
            {clients.search && (
              <Button variant="outline-secondary" onClick={clearSearch}>
                Show all
              </Button>
            )}
          </InputGroup>
        </Form>

        {clients.loading ? (
          <div className="d-flex align-items-center gap-2 text-body-secondary py-3" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>Loading clients…</span>
          </div>
        ) : (
          !listProblem && (
            <>
              <ListTable label="OAuth2 clients" columns={["Name", "Client ID", "Grant types", "Created"]}>
                {clients.items.map((client) => (
                  <ClientRow
                    key={client.client_id}
                    client={client}
                    opening={opening === client.client_id}
                    onEdit={() => void openEdit(client)}
                    onRotate={() => confirmRotate(client)}
                    onDelete={() => confirmDelete(client)}
                  />
                ))}
              </ListTable>
              {clients.items.length === 0 && (
                <p className="text-body-secondary small">
                  {clients.search ? `No client's name contains "${clients.search}".` : "There are no clients yet."}
                </p>
              )}
              {clients.nextPageToken && (
                <Button variant="outline-secondary" size="sm" onClick={clients.loadMore} disabled={clients.loadingMore}>
                  {clients.loadingMore && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                  Load more
                </Button>
              )}
            </>
          )
        )}
      </Card.Body>

      {form && (
        <ClientFormDialog
          key={form.key}
          show={formShown}
          title={form.client ? `Edit ${nameOf(form.client)}` : "New client"}
          submitLabel={form.client ? "Save" : "Create client"}
          initial={form.initial}
          onSubmit={save}
          onCancel={() => setFormShown(false)}
          onExited={() => setForm(null)}
        />
      )}
    </Card>
  );
}

function ClientRow({
  client,
  opening,
  onEdit,
  onRotate,
  onDelete,
}: {
  client: Client;
  opening: boolean;
  onEdit(): void;
  onRotate(): void;
  onDelete(): void;
}) {
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
      <td>{client.client_name || <span className="text-body-secondary">(no name)</span>}</td>
      <td>
        <code className="small text-break">{client.client_id}</code>
      </td>
      <td className="small">{client.grant_types.join(", ")}</td>
      <td className="small text-nowrap">
        {client.created_at ? <time dateTime={client.created_at}>{dateFormat.format(new Date(client.created_at))}</time> : "—"}
      </td>
      <td>
        <div className="d-flex flex-wrap justify-content-end gap-1">
          <Button variant="outline-primary" size="sm" onClick={onEdit} disabled={opening}>
            {named("Edit")}
          </Button>
          {client.token_endpoint_auth_method !== "none" && (
            <Button variant="outline-secondary" size="sm" onClick={onRotate}>
              {named("Rotate secret")}
            </Button>
          )}
          <Button variant="outline-danger" size="sm" onClick={onDelete}>
            {named("Delete")}
          </Button>
        </div>
      </td>
    </tr>
  );
}

function problemOf(error: ApiError | undefined): PageProblem | null {
  if (error?.status === 503) return { kind: "unavailable", message: error.message };
  if (error?.status === 403) return { kind: "not-allowed", message: error.message };
  return null;
}
