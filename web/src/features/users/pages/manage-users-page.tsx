// Manage Users: find an account by email address. The server enforces the
// admin role (and a second factor); this page only shows what it answers.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useText } from "../../../lib/i18n/text";
import { useSearchParams } from "react-router-dom";
import { userSearchOf } from "#contract/pages.js";
import { apiProblemOf } from "../../../lib/api-problem";
import { Loading } from "../../../lib/components/loading";
import { QueryFailure } from "../../../lib/components/query-content";
import { PageProblemAlert, concernsSession, problemOf } from "../../../lib/components/page-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { useHydrated } from "../../../lib/use-hydrated";
import { usersQueryOptions, type UserSearch as Search } from "../api/list-users";
import { auditExportPath, type User } from "../api/user-types";
import { BulkBar } from "../components/bulk-bar";
import { ExportUsers } from "../components/export-users";
import { ImportDialog } from "../components/import-dialog";
import { InvitationsCard } from "../components/invitations-card";
import { UserSearch } from "../components/user-search";
import { UserTable } from "../components/user-table";

const noneSelected: ReadonlyMap<string, string> = new Map();

export function ManageUsersPage() {
  const { t } = useText();
  const { refresh } = useCurrentSession();
  // The search is in the URL, so that "All users" on a person's page comes back to it.
  const [params, setParams] = useSearchParams();
  const search: Search = userSearchOf(params);
  const users = useInfiniteQuery(usersQueryOptions(search));
  const headingId = useId();
  const problem = problemOf(users.error);

  const listConcernsSession = concernsSession(apiProblemOf(users.error));
  useEffect(() => {
    if (listConcernsSession) void refresh();
  }, [listConcernsSession, refresh]);

  const retry = () => void users.refetch();
  const [importing, setImporting] = useState(false);
  const hydrated = useHydrated();

  // The people chosen for an action on many at once, for this search only: another search starts with none.
  const searchKey = `${search.match}:${search.email}`;
  const [chosen, setChosen] = useState<{ key: string; people: ReadonlyMap<string, string> }>({ key: searchKey, people: new Map() });
  const selection = chosen.key === searchKey ? chosen.people : noneSelected;
  const setSelection = (people: ReadonlyMap<string, string>) => setChosen({ key: searchKey, people });
  const select = (people: readonly User[], selected: boolean) => {
    const next = new Map(selection);
    for (const person of people) {
      if (selected) next.set(person.id, person.email);
      else next.delete(person.id);
    }
    setSelection(next);
  };

  return (
    <Card as="section" aria-labelledby={headingId} className="card-page shadow-sm">
      <Card.Body className="p-4">
        <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
          <div className="me-auto">
            <h1 id={headingId} className="h4 mb-2">
              {t("users.title")}
            </h1>
            <p className="text-body-secondary small mb-0">{t("users.description")}</p>
          </div>
          <div className="admin-aside">
            <Button as="a" variant="outline-secondary" size="sm" href={auditExportPath} download>
              {t("users.audit.export")}
            </Button>
            <p className="form-text">{t("users.audit.exportHelp")}</p>
            <ExportUsers search={search} />
            <Button variant="outline-secondary" size="sm" className="mt-2" disabled={!hydrated} onClick={() => setImporting(true)}>
              {t("users.import.open")}
            </Button>
            <ImportDialog show={importing} onClose={() => setImporting(false)} />
          </div>
        </div>

        {problem && <PageProblemAlert area="users" problem={problem} onRetry={retry} />}
        {users.isError && !problem && <QueryFailure error={users.error} onRetry={retry} />}

        <div className="admin-search">
          <UserSearch
            search={search}
            onSearch={(next) => setParams(next.email ? { email: next.email, match: next.match } : {}, { replace: true })}
          />
        </div>

        {users.isPending ? (
          <Loading label={t("users.loading")} />
        ) : (
          users.data &&
          !problem && (
            <>
              <BulkBar search={search} selection={selection} onSelection={setSelection} />
              <UserTable
                users={users.data.pages.flatMap((page) => page.items)}
                more={{ available: users.hasNextPage, loading: users.isFetchingNextPage, load: () => void users.fetchNextPage() }}
                selection={selection}
                onSelect={select}
              />
            </>
          )
        )}

        <InvitationsCard />
      </Card.Body>
    </Card>
  );
}
