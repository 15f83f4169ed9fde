// What an admin does to another person's account on Manage Users, with the
// guard rails and the record: every action is checked here (never on one's
// own admin role, state or account; never the last admin, services/last-admin.ts),
// written to the audit trail (state/portal-state.ts) before it takes
// effect, so that no change is ever made without its line (a line may stand
// for an attempt that Kratos then failed), and, for roles and state, mailed
// to the person through the outbox.
import type { Identity, RecoveryCodeForIdentity } from "@ory/client";
import type { Language } from "#contract/languages.js";
import { adminRole, grantableRoles, type RoleChange } from "#contract/roles.js";
import { isEmailAddress } from "#contract/email-address.js";
import type { AuditAction, ImportPerson, ImportResult, UserState } from "#contract/schemas/users.js";
import { hashFormatOf, type ImportRefusal } from "#contract/user-import.js";
import { ClientError } from "../errors.js";
import { mailLanguage } from "../language.js";
import type { Outbox } from "../mail/outbox.js";
import type { ImportAnswer } from "../kratos/identities.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { MailBrand, OutgoingMail } from "../mail/types.js";
import type { KratosServices } from "../kratos/services.js";
import type { AccountDeletion } from "./account-deletion.js";
import { emailOf, emailVerified } from "../kratos/identities.js";
import type { LastAdmin } from "./last-admin.js";
import type { PortalState } from "../state/portal-state.js";

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
  /** Ends the sign-in lock that wrong passwords put on the account's address (`clear`: the abuse limits' own). */
  unlock(actor: Actor, id: string, clear: (address: string) => Promise<void>): Promise<Identity>;
  /**
   * One batch of an import (contract/user-import.ts): each row checked (its address, its hash's format, its
   * roles, a second row of the same address, an account that has it) and, unless `dryRun`, the rows that pass
   * created in one Kratos call; each one created is then written to the audit trail under the identity Kratos gave it.
   */
  importPeople(actor: Actor, schemaId: string, people: readonly ImportPerson[], dryRun: boolean): Promise<ImportResult["rows"]>;
}

export interface UserAdminDeps {
  kratos: Pick<KratosServices, "identities" | "flows">;
  state: Pick<PortalState, "audit">;
  outbox: Pick<Outbox, "send">;
  accountDeletion: AccountDeletion;
  lastAdmin: LastAdmin;
  /** Account Settings, named in the mails. */
  settingsUrl: string;
  /** The product's name and support contact below the mails. */
  brand: MailBrand;
}

/** How many times an import's batch is sent to Kratos when Kratos rolled back what it refused with. */
const importAttempts = 3;

/** Why the row cannot be imported, from the row and the rows before it, or undefined. */
function refusalOf(person: ImportPerson, seen: Set<string>): ImportRefusal | undefined {
  if (!isEmailAddress(person.email)) return "invalid_email";
  if (hashFormatOf(person.password_hash) === undefined) return "unknown_hash";
  if (!person.roles.every((role) => (grantableRoles as readonly string[]).includes(role))) return "unknown_role";
  const address = person.email.toLowerCase();
  if (seen.has(address)) return "duplicate";
  seen.add(address);
  return undefined;
}

export function userAdmin({ kratos, state, outbox, accountDeletion, lastAdmin, settingsUrl, brand }: UserAdminDeps): UserAdmin {
  const identities = kratos.identities;

  /**
   * Creates the rows in Kratos, each answered by its index. Where Kratos refused some of a batch (an address taken
   * since the check), it may have rolled back the others while answering their ids (kratos#4211, in v1.3.1): those
   * found are imported, those not are sent again without the refused, a few times at most, then refused.
   */
  async function importAdmitted(schemaId: string, rows: readonly { index: number; person: ImportPerson }[]) {
    const answerOf = new Map<number, ImportAnswer>();
    let pending = rows;
    for (let attempt = 0; attempt < importAttempts && pending.length > 0; attempt++) {
      const answers = await identities.importBatch(
        pending.map(({ person }) => ({
          schemaId,
          traits: {
            email: person.email,
            ...(person.first_name || person.last_name ? { name: { first: person.first_name, last: person.last_name } } : {}),
          },
          verified: person.verified,
          roles: person.roles,
          passwordHash: person.password_hash,
        })),
      );
      const refusedAny = answers.some((answer) => !("id" in answer));
      const made = refusedAny ? await identities.existingIds(answers.flatMap((answer) => ("id" in answer ? [answer.id] : []))) : undefined;
      const again: { index: number; person: ImportPerson }[] = [];
      pending.forEach((row, position) => {
        const answer = answers[position];
        if (!("id" in answer) || made === undefined || made.has(answer.id)) answerOf.set(row.index, answer);
        else again.push(row);
      });
      pending = again;
    }
    for (const { index } of pending) answerOf.set(index, { refusal: "refused" });
    return answerOf;
  }

  async function existing(id: string): Promise<Identity> {
    const identity = await identities.get(id);
    if (!identity) throw new ClientError(404, "user_not_found");
    return identity;
  }

  const notSelf = (actor: Actor, id: string) => {
    if (actor.id === id) throw new ClientError(409, "self_action");
  };

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

  /** The mail that tells the person of a change to their roles or state. */
  async function tell(changed: Identity, mail: (email: string, at: string, language: Language) => OutgoingMail) {
    const email = emailOf(changed);
    if (email === "") return;
    const language = mailLanguage(changed.traits);
    await outbox.send(mail(email, mailTime(new Date(), language), language));
  }

  return {
    async changeRole(actor, id, role, change) {
      if (change === "revoke") notSelf(actor, id);
      await existing(id);
      const action = change === "grant" ? "role_granted" : "role_revoked";
      const changeIt = async () => {
        await record(actor, id, action, role);
        return identities.changeRole(id, role, change);
      };
      const changed =
        change === "revoke" && role === adminRole
          ? await lastAdmin.guard(id, changeIt, () => identities.changeRole(id, role, "grant"))
          : await changeIt();
      await tell(changed, (email, at, language) => renderMail(action, email, { role, at, settingsUrl }, language, brand));
      return changed;
    },

    async setState(actor, id, next) {
      notSelf(actor, id);
      await existing(id);
      const action = next === "inactive" ? "deactivated" : "reactivated";
      const changeIt = async () => {
        await record(actor, id, action);
        return identities.setState(id, next);
      };
      const changed = next === "inactive" ? await lastAdmin.guard(id, changeIt, () => identities.setState(id, "active")) : await changeIt();
      await tell(changed, (email, at, language) =>
        next === "inactive"
          ? renderMail("account_deactivated", email, { at }, language, brand)
          : renderMail("account_reactivated", email, { at, settingsUrl }, language, brand),
      );
      return changed;
    },

    async revokeSessions(actor, id) {
      await existing(id);
      await record(actor, id, "sessions_revoked");
      await identities.revokeSessions(id);
    },

    async unlock(actor, id, clear) {
      const identity = await existing(id);
      await record(actor, id, "unlocked");
      await clear(emailOf(identity));
      return identity;
    },

    async recoveryCode(actor, id) {
      await existing(id);
      await record(actor, id, "recovery_code_created");
      return identities.recoveryCode(id);
    },

    async sendVerification(actor, id) {
      const identity = await existing(id);
      const email = emailOf(identity);
      if (email === "" || emailVerified(identity)) throw new ClientError(409, "already_verified");
      await record(actor, id, "verification_sent");
      await kratos.flows.sendVerification(email);
    },

    async importPeople(actor, schemaId, people, dryRun) {
      const seen = new Set<string>();
      const reasons: (ImportRefusal | undefined)[] = people.map((person) => refusalOf(person, seen));
      // An address that has an account is refused before Kratos sees it: Kratos would refuse that person too, but
      // Kratos v1.3.1 then rolls back the rest of their batch (importAdmitted).
      const inUse = await identities.addressesInUse(seen);
      people.forEach((person, index) => {
        if (reasons[index] === undefined && inUse.has(person.email.toLowerCase())) reasons[index] = "account_exists";
      });
      if (dryRun) {
        return people.map((person, index) => {
          const reason = reasons[index];
          return reason === undefined
            ? { email: person.email, outcome: "will_import" }
            : { email: person.email, outcome: "refused", reason };
        });
      }
      const answerOf = await importAdmitted(
        schemaId,
        people.flatMap((person, index) => (reasons[index] === undefined ? [{ index, person }] : [])),
      );
      const answers = [...answerOf.values()];
      // The identity's id exists only once Kratos made it, so the trail's line follows the change here.
      const at = new Date().toISOString();
      await state.audit.addMany(
        answers.flatMap((answer) =>
          "id" in answer
            ? [{ action: "imported" as const, actor_id: actor.id, actor_email: actor.email, subject_id: answer.id, at, ip: actor.ip }]
            : [],
        ),
      );
      return people.map((person, index) => {
        const answer = answerOf.get(index);
        const reason = reasons[index] ?? (answer === undefined || "id" in answer ? undefined : answer.refusal);
        return reason === undefined ? { email: person.email, outcome: "imported" } : { email: person.email, outcome: "refused", reason };
      });
    },

    async delete(actor, id) {
      notSelf(actor, id);
      const identity = await existing(id);
      await accountDeletion.delete(id, emailOf(identity), mailLanguage(identity.traits), {
        askedBy: "admin",
        first: () => record(actor, id, "deleted"),
      });
    },
  };
}
