// Deleting an account, in an order that a crash half-way cannot turn into a
// half-deleted account: every step is idempotent, so calling delete again
// finishes the job. The self-service route (routes/api/account.ts) calls it;
// Manage Users calls it for any identity.
//
// 0. The last-admin rule (services/last-admin.ts), under its lock: an admin's
//    role is taken away first, unless no other active admin is left (409).
//    From then on the account counts for no admin, so the steps below may
//    take their time, and a second attempt finds nothing to check.
// 1. Hydra's consent sessions of the subject: every token issued under them stops working.
// 2. Hydra's login sessions: Hydra no longer remembers the user.
// 3. Kratos' sessions: every browser and app signed in is signed out.
// 4. The portal's own record of the account (activity, devices).
// 5. The identity itself; last, so that until then the user can sign in and try again.
// 6. The confirmation mail, queued durably in the outbox (its words say whether the owner or an admin asked).
import { adminRole, rolesOf } from "#contract/roles.js";
import type { Language } from "#contract/languages.js";
import type { Outbox } from "../mail/outbox.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { MailBrand } from "../mail/types.js";
import type { HydraServices } from "../hydra/services.js";
import type { KratosServices } from "../kratos/services.js";
import type { LastAdmin } from "./last-admin.js";
import type { PortalState } from "../state/portal-state.js";

export interface DeletionOptions {
  /** Whether the owner or an admin asked: the mail says so. */
  askedBy?: "owner" | "admin";
  /** Runs once the last-admin rule allowed the deletion, before anything is changed: the admin's audit line. */
  first?: () => Promise<void>;
}

export interface AccountDeletion {
  /** Deletes the account and tells its address, in the account's language. */
  delete(identityId: string, email: string, language: Language, options?: DeletionOptions): Promise<void>;
}

export interface AccountDeletionDeps {
  kratos: Pick<KratosServices, "identities">;
  hydra: Pick<HydraServices, "consentSessions" | "loginSessions">;
  state: Pick<PortalState, "forget">;
  outbox: Pick<Outbox, "send">;
  lastAdmin: LastAdmin;
  /** The product's name and support contact below the mail. */
  brand: MailBrand;
}

export function accountDeletion({ kratos, hydra, state, outbox, lastAdmin, brand }: AccountDeletionDeps): AccountDeletion {
  const identities = kratos.identities;
  return {
    async delete(identityId, email, language, { askedBy = "owner", first } = {}) {
      await lastAdmin.guard(
        identityId,
        async (identity) => {
          await first?.();
          if (rolesOf(identity.metadata_public).includes(adminRole)) await identities.changeRole(identityId, adminRole, "revoke");
        },
        () => identities.changeRole(identityId, adminRole, "grant"),
      );
      await hydra.consentSessions.revoke(identityId);
      await hydra.loginSessions.revoke(identityId);
      await identities.revokeSessions(identityId);
      await state.forget(identityId);
      await identities.delete(identityId);
      const at = mailTime(new Date(), language);
      await outbox.send(
        askedBy === "owner"
          ? renderMail("account_deleted", email, { at }, language, brand)
          : renderMail("account_deleted_by_admin", email, { at }, language, brand),
      );
    },
  };
}
