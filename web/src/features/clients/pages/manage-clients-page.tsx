// Manage Clients: the OAuth2 clients in Hydra, for admins. The server enforces
// the admin role (and a second factor); this page only shows what it answers.
// Each action's failure appears where the admin acted: in the form, or in the
// dialog that asked before rotating or deleting.
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useTranslation } from "react-i18next";
import { apiProblemOf } from "../../../lib/api-problem";
import { Loading } from "../../../lib/components/loading";
import { QueryFailure } from "../../../lib/components/query-content";
import { PageProblemAlert, concernsSession, problemOf, type PageProblem } from "../../../lib/components/page-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { errorMessage } from "../../../lib/error-message";
import { useToast } from "../../../lib/feedback/toast";
import { useConfirm } from "../../../lib/feedback/use-confirm";
import { useHydrated } from "../../../lib/use-hydrated";
import type { Client } from "../api/client-types";
import { useCreateClient } from "../api/create-client";
import { useDeleteClient } from "../api/delete-client";
import { clientQueryOptions } from "../api/get-client";
import { clientsQueryOptions } from "../api/list-clients";
import { useRotateClientSecret } from "../api/rotate-client-secret";
import { useUpdateClient } from "../api/update-client";
import { ClientFormDialog } from "../components/client-form-dialog";
import { ClientList } from "../components/client-list";
import { ClientSearch } from "../components/client-search";
import { SecretDialog, type ShownSecret } from "../components/secret-dialog";
import { formValuesOf, newClientValues, toClientInput, toClientUpdate, type ClientFormValues } from "../utils/client-form-values";
import { nameOf } from "../utils/name-of";

/** What the open form edits: a new client, or an existing one as it was when the form opened. */
interface OpenForm {
  key: number;
  client?: Client;
  initial: ClientFormValues;
}

export function ManageClientsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const { refresh } = useCurrentSession();
  const [search, setSearch] = useState("");
  const clients = useInfiniteQuery(clientsQueryOptions(search));
  const create = useCreateClient();
  const update = useUpdateClient();
  const rotate = useRotateClientSecret();
  const remove = useDeleteClient();
  const [form, setForm] = useState<OpenForm | null>(null);
  // Each opened form starts from its own values: a new key mounts a new form.
  const formCount = useRef(0);
  const [formShown, setFormShown] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [secretShown, setSecretShown] = useState(false);
  const [opening, setOpening] = useState<{ id: string; failure?: string } | null>(null);
  const [actionProblem, setActionProblem] = useState<PageProblem | null>(null);
  const headingId = useId();
  // The server's page is drawn before the script arrives, and only the script can act: until then the
  // buttons are disabled, and the main one says that it is loading.
  const hydrated = useHydrated();

  const listProblem = problemOf(clients.error);
  const problem = actionProblem ?? listProblem;

  // The session ended or lost the admin role since the page opened: the
  // session check then sends the user to sign in, or RequireRole refuses.
  const listConcernsSession = concernsSession(apiProblemOf(clients.error));
  useEffect(() => {
    if (listConcernsSession) void refresh();
  }, [listConcernsSession, refresh]);

  /** Failures that are not about the action itself (session gone, role or second factor missing, Hydra down) also concern the page. */
  function notePageFailure(error: unknown) {
    if (concernsSession(apiProblemOf(error))) void refresh();
    const found = problemOf(error);
    if (found) setActionProblem(found);
  }

  function retry() {
    setActionProblem(null);
    void clients.refetch();
  }

  function showSecret(shown: ShownSecret) {
    setSecret(shown);
    setSecretShown(true);
  }

  function openForm(client?: Client) {
    formCount.current += 1;
    setForm({ key: formCount.current, client, initial: client ? formValuesOf(client) : newClientValues });
    setFormShown(true);
  }

  async function openEdit(client: Client) {
    // The list may be older than the client: edit what is stored now.
    setOpening({ id: client.client_id });
    try {
      openForm(await queryClient.query(clientQueryOptions(client.client_id)));
      setOpening(null);
    } catch (error) {
      notePageFailure(error);
      setOpening({ id: client.client_id, failure: t("clients.openFailed", { name: nameOf(client), message: errorMessage(error) }) });
    }
  }

  async function save(values: ClientFormValues) {
    if (!form) return;
    try {
      if (form.client) {
        const changes = toClientUpdate(form.initial, values);
        if (Object.keys(changes).length === 0) {
          setFormShown(false);
          toast.show(t("clients.nothingChanged"), "info");
          return;
        }
        const saved = await update.mutateAsync({ id: form.client.client_id, update: changes });
        setFormShown(false);
        toast.show(t("clients.saved", { name: nameOf(saved) }), "success");
      } else {
        const created = await create.mutateAsync(toClientInput(values));
        // The secret goes to its dialog only; the data layer forgets the answer.
        create.reset();
        setFormShown(false);
        toast.show(t("clients.created", { name: nameOf(created) }), "success");
        if (created.client_secret) {
          showSecret({
            title: t("clients.secret.createdTitle"),
            clientName: nameOf(created),
            clientId: created.client_id,
            secret: created.client_secret,
          });
        }
      }
    } catch (error) {
      notePageFailure(error);
      throw error;
    }
  }

  async function confirmRotate(client: Client) {
    let rotated: string | undefined;
    const confirmed = await confirm({
      title: t("clients.confirmRotate.title"),
      body: <p className="mb-0">{t("clients.confirmRotate.body", { name: nameOf(client) })}</p>,
      confirmLabel: t("clients.rotate"),
      action: async () => {
        try {
          rotated = (await rotate.mutateAsync(client.client_id)).client_secret;
          rotate.reset();
        } catch (error) {
          notePageFailure(error);
          throw error;
        }
      },
    });
    if (!confirmed || !rotated) return;
    toast.show(t("clients.rotated", { name: nameOf(client) }), "success");
    showSecret({ title: t("clients.secret.rotatedTitle"), clientName: nameOf(client), clientId: client.client_id, secret: rotated });
  }

  async function confirmDelete(client: Client) {
    const confirmed = await confirm({
      title: t("clients.confirmDelete.title"),
      body: <p className="mb-0">{t("clients.confirmDelete.body", { name: nameOf(client) })}</p>,
      confirmLabel: t("clients.delete"),
      variant: "danger",
      action: () =>
        remove.mutateAsync(client.client_id).catch((error: unknown) => {
          notePageFailure(error);
          throw error;
        }),
    });
    if (confirmed) toast.show(t("clients.deleted", { name: nameOf(client) }), "success");
  }

  return (
    <Card as="section" aria-labelledby={headingId} className="card-page shadow-sm">
      <Card.Body className="p-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h1 id={headingId} className="h4 mb-0">
            {t("clients.title")}
          </h1>
          <Button variant="primary" onClick={() => openForm()} disabled={problem !== null || !hydrated}>
            {hydrated ? t("clients.newClient") : t("flows.scriptLoading", { label: t("clients.newClient") })}
          </Button>
        </div>
        <p className="text-body-secondary small">{t("clients.description")}</p>

        {problem && <PageProblemAlert area="clients" problem={problem} onRetry={retry} />}
        {clients.isError && !listProblem && <QueryFailure error={clients.error} onRetry={retry} />}
        {opening?.failure && (
          <Alert variant="danger" className="small" dismissible onClose={() => setOpening(null)}>
            {opening.failure}
          </Alert>
        )}

        <ClientSearch search={search} onSearch={setSearch} />

        {clients.isPending ? (
          <Loading label={t("clients.loading")} />
        ) : (
          // Kept on a failed "Load more", whose failure shows above.
          clients.data &&
          !listProblem && (
            <ClientList
              clients={clients.data.pages.flatMap((page) => page.items)}
              search={search}
              openingId={opening && !opening.failure ? opening.id : undefined}
              more={{ available: clients.hasNextPage, loading: clients.isFetchingNextPage, load: () => void clients.fetchNextPage() }}
              onEdit={(client) => void openEdit(client)}
              onRotate={(client) => void confirmRotate(client)}
              onDelete={(client) => void confirmDelete(client)}
            />
          )
        )}
      </Card.Body>

      {form && (
        <ClientFormDialog
          key={form.key}
          show={formShown}
          title={form.client ? t("clients.form.editTitle", { name: nameOf(form.client) }) : t("clients.form.newTitle")}
          submitLabel={form.client ? t("clients.form.save") : t("clients.form.create")}
          initial={form.initial}
          onSubmit={save}
          onCancel={() => setFormShown(false)}
          onExited={() => setForm(null)}
        />
      )}
      {secret && <SecretDialog shown={secret} show={secretShown} onClose={() => setSecretShown(false)} onExited={() => setSecret(null)} />}
      {dialog}
    </Card>
  );
}
