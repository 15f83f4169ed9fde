// What an admin does to another person's account on Manage Users, with the
// guard rails and the record: every action is checked here (never on one's
// own admin role, state or account; never the last admin), written to the
// audit trail (services/portal-state.ts) and, for roles and state, mailed to
// the person through the outbox.
import type { Identity, RecoveryCodeForIdentity } from "@ory/client";
import { defaultLanguage, type Language } from "#contract/languages.js";
import { adminRole, rolesOf, type RoleChange } from "#contract/roles.js";
import type { AuditAction, UserState } from "#contract/schemas/users.js";
import { ClientError } from "../errors.js";
import { traitLanguage } from "../language.js";
import type { Outbox } from "../mail/outbox.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { KratosServices } from "../plugins/kratos.js";
import type { AccountDeletion } from "./account-deletion.js";
import type { PortalState } from "./portal-state.js";

/** The admin who acts, as the audit trail records them. */
export interface Actor {
  id: string;
  email: string;
  ip: string;
}

export interface UserAdmin {
  changeRole(actor: Actor, id: string, role: string, change: RoleChange): Promise<Identity>;
  setState(actor: Actor, id: string, state: UserState): Promise<Identity>;
  /** Signs the person out everywhere. */
  revokeSessions(actor: Actor, id: string): Promise<void>;
  recoveryCode(actor: Actor, id: string): Promise<RecoveryCodeForIdentity>;
  /** Mails a new verification code to the person's unverified address. */
  sendVerification(actor: Actor, id: string): Promise<void>;
  /** Deletes the account as its owner would (accountDeletion). */
  delete(actor: Actor, id: string): Promise<void>;
}

export interface UserAdminDeps {
  kratos: Pick<KratosServices, "identities" | "flows">;
  state: Pick<PortalState, "audit">;
  outbox: Pick<Outbox, "send">;
  accountDeletion: AccountDeletion;
  /** Account Settings, named in the mails. */
  settingsUrl: string;
}

export const emailOf = (identity: Identity): string => {
  const email = (identity.traits as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" ? email : "";
};

export function userAdmin({ kratos, state, outbox, accountDeletion, settingsUrl }: UserAdminDeps): UserAdmin {
  const identities = kratos.identities;

  async function existing(id: string): Promise<Identity> {
    const identity = await identities.get(id);
    if (!identity) throw new ClientError(404, "user_not_found");
    return identity;
  }

  const notSelf = (actor: Actor, id: string) => {
    if (actor.id === id) throw new ClientError(409, "self_action");
  };

  /** Refuses a change that leaves no other active admin than this identity. */
  async function keepAnAdmin(identity: Identity) {
    if (rolesOf(identity.metadata_public).includes(adminRole) && !(await identities.anotherHasRole(identity.id, adminRole))) {
      throw new ClientError(409, "last_admin");
    }
  }

  const record = (actor: Actor, subject: string, action: AuditAction, role?: string) =>
    state.audit.add({
      action,
      actor_id: actor.id,
      actor_email: actor.email,
      subject_id: subject,
      ...(role === undefined ? {} : { role }),
      at: new Date().toISOString(),
      ip: actor.ip,
    });

  /** The language the person reads their mail in: their own choice, else English. */
  const languageOf = (identity: Identity): Language => traitLanguage(identity.traits) ?? defaultLanguage;

  return {
    async changeRole(actor, id, role, change) {
      if (change === "revoke") notSelf(actor, id);
      const identity = await existing(id);
      if (change === "revoke" && role === adminRole) await keepAnAdmin(identity);
      const changed = await identities.changeRole(id, role, change);
      await record(actor, id, change === "grant" ? "role_granted" : "role_revoked", role);
      const email = emailOf(changed);
      if (email !== "") {
        const language = languageOf(changed);
        const at = mailTime(new Date(), language);
        await outbox.send(renderMail(change === "grant" ? "role_granted" : "role_revoked", email, { role, at, settingsUrl }, language));
      }
      return changed;
    },

    async setState(actor, id, next) {
      notSelf(actor, id);
      const identity = await existing(id);
      if (next === "inactive") await keepAnAdmin(identity);
      const changed = await identities.setState(id, next);
      await record(actor, id, next === "inactive" ? "deactivated" : "reactivated");
      const email = emailOf(changed);
      if (email !== "") {
        const language = languageOf(changed);
        const at = mailTime(new Date(), language);
        await outbox.send(
          next === "inactive"
            ? renderMail("account_deactivated", email, { at }, language)
            : renderMail("account_reactivated", email, { at, settingsUrl }, language),
        );
      }
      return changed;
    },

    async revokeSessions(actor, id) {
      await existing(id);
      await identities.revokeSessions(id);
      await record(actor, id, "sessions_revoked");
    },

    async recoveryCode(actor, id) {
      const code = await identities.recoveryCode(id);
      await record(actor, id, "recovery_code_created");
      return code;
    },

    async sendVerification(actor, id) {
      const identity = await existing(id);
      const email = emailOf(identity);
      const address = identity.verifiable_addresses?.find((candidate) => candidate.value.toLowerCase() === email.toLowerCase());
      if (email === "" || address?.verified) throw new ClientError(409, "already_verified");
      await kratos.flows.sendVerification(email);
      await record(actor, id, "verification_sent");
    },

    async delete(actor, id) {
      notSelf(actor, id);
      const identity = await existing(id);
      await keepAnAdmin(identity);
      await accountDeletion.delete(id, emailOf(identity), languageOf(identity), "admin");
      await record(actor, id, "deleted");
    },
  };
}
