// One person's page on Manage Users: the account, its sessions, its roles and
// state, access (recovery code, verification mail), deleting it, and the
// audit trail of what admins did to it, one card each (components/*-card.tsx).
// Every change asks first, naming the person; the server holds the guard
// rails (never one's own admin role, state or account), and the page hides
// what it would refuse.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import Alert from "react-bootstrap/Alert";
import { useText } from "../../../lib/i18n/text";
import { useSearchParams } from "react-router-dom";
import { apiProblemOf } from "../../../lib/api-problem";
import { Loading } from "../../../lib/components/loading";
import { QueryFailure } from "../../../lib/components/query-content";
import { PageProblemAlert, concernsSession, problemOf } from "../../../lib/components/page-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { useToast } from "../../../lib/feedback/toast";
import { useConfirm } from "../../../lib/feedback/use-confirm";
import { userQueryOptions } from "../api/get-user";
import type { UserDetail } from "../api/user-types";
import { AccessCard } from "../components/access-card";
import { AccountCard } from "../components/account-card";
import type { Ask } from "../components/asking-button";
import { AuditCard } from "../components/audit-card";
import { BackLink } from "../components/back-link";
import { DeletionCard } from "../components/deletion-card";
import { RolesCard } from "../components/roles-card";
import { SessionsCard } from "../components/sessions-card";
import { FailedSignInsCard } from "../components/failed-sign-ins-card";
import { StateCard } from "../components/state-card";
import { LockCard } from "../components/lock-card";
import { UserTraits } from "../components/user-traits";

export function UserPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const { refresh } = useCurrentSession();
  const user = useQuery({ ...userQueryOptions(id), enabled: id !== "" });
  const headingId = useId();
  const problem = problemOf(user.error);
  const listConcernsSession = concernsSession(apiProblemOf(user.error));
  useEffect(() => {
    if (listConcernsSession) void refresh();
  }, [listConcernsSession, refresh]);

  const notFound = id === "" || apiProblemOf(user.error)?.kind === "not-found" || apiProblemOf(user.error)?.kind === "invalid";

  return (
    <div className="card-wide">
      {problem && <PageProblemAlert area="users" problem={problem} onRetry={() => void user.refetch()} />}
      {notFound ? (
        <Alert variant="warning">
          <p>{t("users.notFound")}</p>
          <BackLink />
        </Alert>
      ) : user.isError && !problem ? (
        <QueryFailure error={user.error} onRetry={() => void user.refetch()} />
      ) : user.isPending ? (
        <Loading label={t("users.loading")} />
      ) : (
        user.data && <UserSections detail={user.data} headingId={headingId} />
      )}
    </div>
  );
}

function UserSections({ detail, headingId }: { detail: UserDetail; headingId: string }) {
  const toast = useToast();
  const { session, refresh } = useCurrentSession();
  const { confirm, dialog } = useConfirm();
  const { user, sessions, audit } = detail;
  const self = session.identity.id === user.id;

  /** Asks, naming the person; on Confirm does it and says so. */
  const ask: Ask = async (options, done) => {
    const confirmed = await confirm({
      ...options,
      action: () =>
        options.action().catch((error: unknown) => {
          if (concernsSession(apiProblemOf(error))) void refresh();
          throw error;
        }),
    });
    if (confirmed) toast.show(done, "success");
    return confirmed;
  };

  return (
    <>
      <AccountCard user={user} headingId={headingId} />
      <UserTraits user={user} />
      <SessionsCard user={user} sessions={sessions} ask={ask} />
      <RolesCard user={user} self={self} ask={ask} />
      <StateCard user={user} self={self} ask={ask} />
      <LockCard user={user} ask={ask} />
      <FailedSignInsCard user={user} />
      <AccessCard user={user} ask={ask} confirm={confirm} />
      <AuditCard audit={audit} />
      {!self && <DeletionCard user={user} ask={ask} />}
      {dialog}
    </>
  );
}
