// Manage Clients: the OAuth2 clients in Hydra, for admins. The server enforces
// the admin role (and a second factor); this page only shows what it answers.
// Each action's failure appears where the admin acted: in the form, or in the
// dialog that asked before rotating or deleting.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useText } from "../../../lib/i18n/text";
import { apiProblemOf } from "../../../lib/api-problem";
import { Loading } from "../../../lib/components/loading";
import { QueryFailure } from "../../../lib/components/query-content";
import { PageProblemAlert, concernsSession, problemOf } from "../../../lib/components/page-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { useHydrated } from "../../../lib/use-hydrated";
import { clientsQueryOptions } from "../api/list-clients";
import { ClientFormDialog } from "../components/client-form-dialog";
import { ClientList } from "../components/client-list";
import { ClientSearch } from "../components/client-search";
import { SecretDialog } from "../components/secret-dialog";
import { useClientActions } from "../hooks/use-client-actions";
import { nameOf } from "../utils/name-of";

export function ManageClientsPage() {
  const { t } = useText();
  const { refresh } = useCurrentSession();
  const [search, setSearch] = useState("");
  const clients = useInfiniteQuery(clientsQueryOptions(search));
  const newClient = useRef<HTMLButtonElement>(null);
  const actions = useClientActions(newClient);
  const { form, secret, opening } = actions;
  const headingId = useId();
  // The server's page is drawn before the script arrives, and only the script can act: until then the
  // buttons are disabled, and the main one says that it is loading.
  const hydrated = useHydrated();

  const listProblem = problemOf(clients.error);
  const problem = actions.problem ?? listProblem;

  // The session ended or lost the admin role since the page opened: the
  // session check then sends the user to sign in, or RequireRole refuses.
  const listConcernsSession = concernsSession(apiProblemOf(clients.error));
  useEffect(() => {
    if (listConcernsSession) void refresh();
  }, [listConcernsSession, refresh]);

  function retry() {
    actions.clearProblem();
    void clients.refetch();
  }

  return (
    <Card as="section" aria-labelledby={headingId} className="card-page shadow-sm">
      <Card.Body className="p-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h1 id={headingId} className="h4 mb-0">
            {t("clients.title")}
          </h1>
          <Button ref={newClient} variant="primary" onClick={() => actions.openForm()} disabled={problem !== null || !hydrated}>
            {hydrated ? t("clients.newClient") : t("flows.scriptLoading", { label: t("clients.newClient") })}
          </Button>
        </div>
        <p className="text-body-secondary small">{t("clients.description")}</p>

        {problem && <PageProblemAlert area="clients" problem={problem} onRetry={retry} />}
        {clients.isError && !listProblem && <QueryFailure error={clients.error} onRetry={retry} />}
        {opening?.failure && (
          <Alert variant="danger" className="small" dismissible onClose={actions.dismissOpening}>
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
              onEdit={(client) => void actions.openEdit(client)}
              onRotate={(client) => void actions.confirmRotate(client)}
              onDelete={(client) => void actions.confirmDelete(client)}
            />
          )
        )}
      </Card.Body>

      {form && (
        <ClientFormDialog
          key={form.key}
          show={actions.formShown}
          title={form.client ? t("clients.form.editTitle", { name: nameOf(form.client) }) : t("clients.form.newTitle")}
          submitLabel={form.client ? t("clients.form.save") : t("clients.form.create")}
          initial={form.initial}
          onSubmit={actions.save}
          onCancel={actions.closeForm}
          onExited={actions.formClosed}
        />
      )}
      {secret && <SecretDialog shown={secret} show={actions.secretShown} onClose={actions.closeSecret} onExited={actions.secretClosed} />}
      {actions.dialog}
    </Card>
  );
}
