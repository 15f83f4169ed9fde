// One person's page on Manage Users: the account, its sessions, its roles and
// state, access (recovery code, verification mail), deleting it, and the
// audit trail of what admins did to it. Every change asks first, naming the
// person; the server holds the guard rails (never one's own admin role, state
// or account), and the page hides what it would refuse.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { href } from "#contract/paths.js";
import { apiProblemOf } from "../../../lib/api-problem";
import { SectionCard } from "../../../lib/components/cards";
import { ListTable } from "../../../lib/components/list-table";
import { Loading } from "../../../lib/components/loading";
import { concernsSession, problemOf } from "../../../lib/components/page-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { errorMessage } from "../../../lib/error-message";
import { deviceName } from "../../../lib/device-name";
import { formatDateTime } from "../../../lib/format";
import { useToast } from "../../../lib/feedback/toast";
import { useConfirm, type ConfirmOptions } from "../../../lib/feedback/use-confirm";
import { useChangeRole } from "../api/change-role";
import { useCreateRecoveryCode } from "../api/create-recovery-code";
import { useDeleteUser } from "../api/delete-user";
import { userQueryOptions } from "../api/get-user";
import { useRevokeSessions } from "../api/revoke-sessions";
import { useSendVerification } from "../api/send-verification";
import { useSetState } from "../api/set-state";
import type { RecoveryCode, UserDetail } from "../api/user-types";
import { UsersProblemAlert } from "../components/page-problem";
import { Providers, SecondFactors, StateBadge } from "../components/user-facts";
import { UserTraits } from "../components/user-traits";
import { nameOf } from "../utils/name-of";

export function UserPage() {
  const { t } = useTranslation();
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
      {problem && <UsersProblemAlert problem={problem} onRetry={() => void user.refetch()} />}
      {notFound ? (
        <Alert variant="warning">
          <p>{t("users.notFound")}</p>
          <BackLink />
        </Alert>
      ) : user.isError && !problem ? (
        <Alert variant="danger" className="small">
          <p>{errorMessage(user.error)}</p>
          <Button variant="outline-danger" size="sm" onClick={() => void user.refetch()}>
            {t("common.tryAgain")}
          </Button>
        </Alert>
      ) : user.isPending ? (
        <Loading label={t("users.loading")} />
      ) : (
        user.data && <UserSections detail={user.data} headingId={headingId} />
      )}
    </div>
  );
}

/** One change to the person: the button asks first, naming them, then acts and says so. */
function AskingButton({
  ask,
  label,
  title,
  body,
  danger = false,
  disabled = false,
  action,
  done,
}: {
  ask: (options: ConfirmOptions & { action: () => Promise<unknown> }, done: string) => Promise<boolean>;
  label: string;
  title: string;
  body: string;
  danger?: boolean;
  disabled?: boolean;
  action: () => Promise<unknown>;
  done: string;
}) {
  return (
    <Button
      variant={danger ? "outline-danger" : "outline-primary"}
      size="sm"
      disabled={disabled}
      onClick={() =>
        void ask({ title, body: <p className="mb-0">{body}</p>, confirmLabel: label, variant: danger ? "danger" : "primary", action }, done)
      }
    >
      {label}
    </Button>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return <Link to={href("manageUsers")}>{t("users.back")}</Link>;
}

function UserSections({ detail, headingId }: { detail: UserDetail; headingId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { session, refresh } = useCurrentSession();
  const { confirm, dialog } = useConfirm();
  const [recovery, setRecovery] = useState<RecoveryCode | null>(null);
  const changeRole = useChangeRole();
  const setState = useSetState();
  const revokeSessions = useRevokeSessions();
  const createRecoveryCode = useCreateRecoveryCode();
  const sendVerification = useSendVerification();
  const deleteUser = useDeleteUser();
  const { user, sessions, audit } = detail;
  const name = nameOf(user);
  const self = session.identity.id === user.id;
  const isAdmin = user.roles.includes("admin");

  /** Asks, naming the person; on Confirm does it and says so. */
  async function act(options: ConfirmOptions & { action: () => Promise<unknown> }, done: string) {
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
  }

  return (
    <>
      <Card as="section" aria-labelledby={headingId} className="shadow-sm mb-4">
        <Card.Body className="p-4">
          <p className="small mb-2">
            <BackLink />
          </p>
          <h1 id={headingId} className="h4 mb-1">
            {user.name || user.email}
          </h1>
          <p className="text-body-secondary mb-3 text-break">{user.email}</p>
          <dl className="row small mb-0">
            <dt className="col-sm-4">{t("users.columns.verified")}</dt>
            <dd className="col-sm-8">{user.verified ? t("users.yes") : t("users.no")}</dd>
            <dt className="col-sm-4">{t("users.columns.state")}</dt>
            <dd className="col-sm-8">
              <StateBadge state={user.state} />
            </dd>
            <dt className="col-sm-4">{t("users.columns.roles")}</dt>
            <dd className="col-sm-8">{user.roles.length > 0 ? user.roles.join(", ") : t("users.noRoles")}</dd>
            <dt className="col-sm-4">{t("users.columns.secondFactors")}</dt>
            <dd className="col-sm-8">
              <SecondFactors factors={user.second_factors} />
            </dd>
            <dt className="col-sm-4">{t("users.columns.providers")}</dt>
            <dd className="col-sm-8">
              <Providers providers={user.providers} />
            </dd>
            <dt className="col-sm-4">{t("users.account.created")}</dt>
            <dd className="col-sm-8">{formatDateTime(user.created_at)}</dd>
            <dt className="col-sm-4">{t("users.account.id")}</dt>
            <dd className="col-sm-8 font-monospace text-break">{user.id}</dd>
          </dl>
        </Card.Body>
      </Card>

      <UserTraits user={user} />

      <SectionCard title={t("users.sessions.title")} width="wide">
        {sessions.length === 0 ? (
          <p className="text-body-secondary small">{t("users.sessions.none")}</p>
        ) : (
          <ListTable
            label={t("users.sessions.table")}
            columns={[
              t("users.sessions.columns.device"),
              t("users.sessions.columns.ip"),
              t("users.sessions.columns.signedIn"),
              t("users.sessions.columns.expires"),
            ]}
          >
            {sessions.map((item) => {
              const device = item.devices.at(-1);
              return (
                <tr key={item.id}>
                  <td className="small">{deviceName(device?.device)}</td>
                  <td>{device?.ip_address || t("common.none")}</td>
                  <td>{formatDateTime(item.authenticated_at)}</td>
                  <td>{formatDateTime(item.expires_at)}</td>
                  <td />
                </tr>
              );
            })}
          </ListTable>
        )}
        <AskingButton
          ask={act}
          label={t("users.sessions.signOutEverywhere")}
          title={t("users.sessions.confirmTitle")}
          body={t("users.sessions.confirmBody", { name })}
          danger
          disabled={sessions.length === 0}
          action={() => revokeSessions.mutateAsync(user.id)}
          done={t("users.sessions.done", { name })}
        />
      </SectionCard>

      <SectionCard title={t("users.roles.title")} width="wide">
        {self ? (
          <p className="small text-body-secondary mb-0">{t("users.roles.selfNote")}</p>
        ) : isAdmin ? (
          <AskingButton
            ask={act}
            label={t("users.roles.revokeAdmin")}
            title={t("users.roles.revokeTitle")}
            body={t("users.roles.revokeBody", { name })}
            danger
            action={() => changeRole.mutateAsync({ id: user.id, role: "admin", change: "revoke" })}
            done={t("users.roles.revoked", { name })}
          />
        ) : (
          <AskingButton
            ask={act}
            label={t("users.roles.grantAdmin")}
            title={t("users.roles.grantTitle")}
            body={t("users.roles.grantBody", { name })}
            action={() => changeRole.mutateAsync({ id: user.id, role: "admin", change: "grant" })}
            done={t("users.roles.granted", { name })}
          />
        )}
      </SectionCard>

      <SectionCard title={t("users.state.title")} width="wide">
        {self ? (
          <p className="small text-body-secondary mb-0">{t("users.state.selfNote")}</p>
        ) : user.state === "active" ? (
          <AskingButton
            ask={act}
            label={t("users.state.deactivate")}
            title={t("users.state.deactivateTitle")}
            body={t("users.state.deactivateBody", { name })}
            danger
            action={() => setState.mutateAsync({ id: user.id, state: "inactive" })}
            done={t("users.state.deactivated", { name })}
          />
        ) : (
          <AskingButton
            ask={act}
            label={t("users.state.reactivate")}
            title={t("users.state.reactivateTitle")}
            body={t("users.state.reactivateBody", { name })}
            action={() => setState.mutateAsync({ id: user.id, state: "active" })}
            done={t("users.state.reactivated", { name })}
          />
        )}
      </SectionCard>

      <SectionCard title={t("users.access.title")} width="wide">
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() =>
              void confirm({
                title: t("users.access.recoveryTitle"),
                body: <p className="mb-0">{t("users.access.recoveryBody", { name })}</p>,
                confirmLabel: t("users.access.recoveryCode"),
                action: async () => {
                  setRecovery(await createRecoveryCode.mutateAsync(user.id));
                  // The code goes to the page only; the data layer forgets the answer.
                  createRecoveryCode.reset();
                },
              })
            }
          >
            {t("users.access.recoveryCode")}
          </Button>
          {!user.verified && (
            <AskingButton
              ask={act}
              label={t("users.access.resendVerification")}
              title={t("users.access.verificationTitle")}
              body={t("users.access.verificationBody", { name })}
              action={() => sendVerification.mutateAsync(user.id)}
              done={t("users.access.verificationSent", { name })}
            />
          )}
        </div>
        {recovery && (
          <Alert variant="info" dismissible onClose={() => setRecovery(null)} className="small">
            <Alert.Heading as="h3" className="h6">
              {t("users.access.recoveryShown", { name })}
            </Alert.Heading>
            <dl className="mb-1">
              <dt>{t("users.access.recoveryLink")}</dt>
              <dd className="font-monospace text-break">{recovery.recovery_link}</dd>
              <dt>{t("users.access.recoveryCodeLabel")}</dt>
              <dd className="font-monospace">{recovery.recovery_code}</dd>
            </dl>
            {recovery.expires_at && <p className="mb-1">{t("users.access.recoveryExpires", { at: new Date(recovery.expires_at) })}</p>}
            <p className="mb-0">{t("users.access.recoveryWarning")}</p>
          </Alert>
        )}
      </SectionCard>

      <SectionCard title={t("users.audit.title")} width="wide">
        {audit.length === 0 ? (
          <p className="text-body-secondary small mb-0">{t("users.audit.none")}</p>
        ) : (
          <ListTable
            label={t("users.audit.table")}
            columns={[
              t("users.audit.columns.when"),
              t("users.audit.columns.who"),
              t("users.audit.columns.what"),
              t("users.audit.columns.ip"),
            ]}
          >
            {audit.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>{formatDateTime(entry.at)}</td>
                <td className="text-break">{entry.actor_email || entry.actor_id}</td>
                <td>{t(`users.audit.actions.${entry.action}`, { role: entry.role ?? "" })}</td>
                <td>{entry.ip}</td>
                <td />
              </tr>
            ))}
          </ListTable>
        )}
      </SectionCard>

      {!self && (
        <SectionCard title={t("users.deletion.title")} description={t("users.deletion.text")} width="wide">
          <Button
            variant="danger"
            size="sm"
            onClick={() =>
              void act(
                {
                  title: t("users.deletion.confirmTitle"),
                  body: <p className="mb-0">{t("users.deletion.confirmBody", { name })}</p>,
                  confirmLabel: t("users.deletion.delete"),
                  variant: "danger",
                  action: () => deleteUser.mutateAsync(user.id),
                },
                t("users.deletion.deleted", { name }),
              ).then((deleted) => {
                if (deleted) void navigate(href("manageUsers"));
              })
            }
          >
            {t("users.deletion.delete")}
          </Button>
        </SectionCard>
      )}
      {dialog}
    </>
  );
}
