// Manage Users: find an account by email address. The server enforces the
// admin role (and a second factor); this page only shows what it answers.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { userSearchOf } from "#contract/pages.js";
import { apiProblemOf } from "../../../lib/api-problem";
import { Loading } from "../../../lib/components/loading";
import { QueryFailure } from "../../../lib/components/query-content";
import { PageProblemAlert, concernsSession, problemOf } from "../../../lib/components/page-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { usersQueryOptions, type UserSearch as Search } from "../api/list-users";
import { auditExportPath } from "../api/user-types";
import { ExportUsers } from "../components/export-users";
import { InvitationsCard } from "../components/invitations-card";
import { UserSearch } from "../components/user-search";
import { UserTable } from "../components/user-table";

export function ManageUsersPage() {
  const { t } = useTranslation();
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
            <UserTable
              users={users.data.pages.flatMap((page) => page.items)}
              more={{ available: users.hasNextPage, loading: users.isFetchingNextPage, load: () => void users.fetchNextPage() }}
            />
          )
        )}

        <InvitationsCard />
      </Card.Body>
    </Card>
  );
}
