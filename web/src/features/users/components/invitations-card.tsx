// Manage Users' invitations: the Invite button and its dialog, Invite a list
// (a CSV, checked and shown before it is sent), and the invitations not
// accepted yet, each with Resend (a new link; the old one dies) and Revoke
// (the account it made, never used, is deleted). The server enforces the
// admin role; this only shows what it answers.
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import Badge from "react-bootstrap/Badge";
import Button from "react-bootstrap/Button";
import { useText } from "../../../lib/i18n/text";
import { EmailAddress } from "../../../lib/components/email-address";
import { ListTable } from "../../../lib/components/list-table";
import { QueryContent } from "../../../lib/components/query-content";
import { useToast } from "../../../lib/feedback/toast";
import { focusAfterRowRemoval } from "../../../lib/components/row-focus";
import { useConfirm } from "../../../lib/feedback/use-confirm";
import { useFormatDateTime } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import type { Invitation, InvitationSent } from "../api/invitation-types";
import { invitationsQueryOptions } from "../api/list-invitations";
import { useResendInvitation } from "../api/resend-invitation";
import { useRevokeInvitation } from "../api/revoke-invitation";
import { InviteDialog } from "./invite-dialog";
import { InviteListDialog } from "./invite-list-dialog";

export function InvitationsCard() {
  const { t } = useText();
  // Both buttons open the app's dialogs: in the server's page they wait for it.
  const hydrated = useHydrated();
  const toast = useToast();
  const formatDateTime = useFormatDateTime();
  const headingId = useId();
  const [inviting, setInviting] = useState(false);
  const [invitingList, setInvitingList] = useState(false);
  const invitations = useQuery(invitationsQueryOptions());
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const { confirm, dialog } = useConfirm();
  const inviteButton = useRef<HTMLButtonElement>(null);

  /** Says what became of an invitation's mail: on its way, or held by the address's mail limit (nothing went out). */
  const toldSent = (sent: InvitationSent, again: boolean) =>
    sent.mail === "held"
      ? toast.show(t("users.invitations.held", { email: sent.email }), "info")
      : toast.show(t(again ? "users.invitations.resent" : "users.invitations.sent", { email: sent.email }), "success");

  const ask = async (invitation: Invitation, kind: "resend" | "revoke") => {
    const email = invitation.email;
    let resent: InvitationSent | undefined;
    const confirmed = await confirm({
      // A revoked invitation's row goes: the focus goes to the next row's first control, else the previous row's,
      // else (none left) to "Invite".
      returnFocus: kind === "revoke" ? focusAfterRowRemoval(() => inviteButton.current) : undefined,
      title: t(`users.invitations.${kind}Title`),
      body: <p className="mb-0">{t(`users.invitations.${kind}Body`, { email })}</p>,
      confirmLabel: t(`users.invitations.${kind}`),
      variant: kind === "revoke" ? "danger" : "primary",
      action: async () => {
        if (kind === "revoke") await revoke.mutateAsync(invitation.id);
        else resent = await resend.mutateAsync(invitation.id);
      },
    });
    if (!confirmed) return;
    if (resent) toldSent(resent, true);
    else toast.show(t("users.invitations.revoked", { email }), "success");
  };

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id={headingId} className="h5 m-0 me-auto">
          {t("users.invitations.title")}
        </h2>
        <Button variant="outline-primary" size="sm" disabled={!hydrated} onClick={() => setInvitingList(true)}>
          {t("users.invitations.list.open")}
        </Button>
        <Button ref={inviteButton} variant="primary" size="sm" disabled={!hydrated} onClick={() => setInviting(true)}>
          {t("users.invitations.invite")}
        </Button>
      </div>
      <InviteListDialog show={invitingList} onClose={() => setInvitingList(false)} />
      <InviteDialog
        show={inviting}
        onClose={() => setInviting(false)}
        onSent={(sent) => {
          setInviting(false);
          toldSent(sent, false);
        }}
      />
      {dialog}
      <QueryContent
        query={invitations}
        loadingLabel={t("users.invitations.loading")}
        empty={{
          when: (data) => data.items.length === 0,
          show: <p className="text-body-secondary small">{t("users.invitations.none")}</p>,
        }}
      >
        {(data) => (
          <ListTable
            label={t("users.invitations.table")}
            columns={[
              t("users.invitations.columns.who"),
              t("users.invitations.columns.invitedBy"),
              t("users.invitations.columns.sent"),
              t("users.invitations.columns.expires"),
            ]}
          >
            {data.items.map((invitation) => (
              <tr key={invitation.id}>
                <td data-label={t("users.invitations.columns.who")}>
                  {invitation.name === "" ? (
                    <EmailAddress address={invitation.email} />
                  ) : (
                    <>
                      {invitation.name} (<EmailAddress address={invitation.email} />)
                    </>
                  )}
                  {invitation.roles.map((role) => (
                    <Badge key={role} bg="secondary" className="ms-1">
                      {role}
                    </Badge>
                  ))}
                </td>
                <td data-label={t("users.invitations.columns.invitedBy")}>
                  <EmailAddress address={invitation.invited_by} />
                </td>
                <td data-label={t("users.invitations.columns.sent")}>{formatDateTime(invitation.sent_at)}</td>
                <td data-label={t("users.invitations.columns.expires")}>{formatDateTime(invitation.expires_at)}</td>
                <td className="text-end text-nowrap">
                  <Button variant="outline-primary" size="sm" className="me-1" onClick={() => void ask(invitation, "resend")}>
                    {t("users.invitations.resend")}
                  </Button>
                  <Button variant="outline-danger" size="sm" onClick={() => void ask(invitation, "revoke")}>
                    {t("users.invitations.revoke")}
                  </Button>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </QueryContent>
    </section>
  );
}
