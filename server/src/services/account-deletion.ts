// Deleting an account, in an order that a crash half-way cannot turn into a
// half-deleted account: every step is idempotent, so calling delete again
// finishes the job. The self-service route (routes/api/account.ts) calls it;
// an admin page can call it for any identity.
//
// 1. Hydra's consent sessions of the subject: every token issued under them stops working.
// 2. Hydra's login sessions: Hydra no longer remembers the user.
// 3. Kratos' sessions: every browser and app signed in is signed out.
// 4. The portal's own record of the account (activity, devices).
// 5. The identity itself; last, so that until then the user can sign in and try again.
// 6. The confirmation mail, queued durably in the outbox (its words say whether the owner or an admin asked).
import type { Outbox } from "../mail/outbox.js";
import type { Language } from "#contract/languages.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { HydraServices } from "../plugins/hydra.js";
import type { KratosServices } from "../plugins/kratos.js";
import type { PortalState } from "./portal-state.js";

export interface AccountDeletion {
  /** Deletes the identity and everything tied to it; `email` receives the confirmation. */
  /** Deletes the account and tells its address, in the account's language, whether the owner or an admin asked. */
  delete(identityId: string, email: string, language: Language, askedBy?: "owner" | "admin"): Promise<void>;
}

export interface AccountDeletionDeps {
  kratos: Pick<KratosServices, "identities">;
  hydra: Pick<HydraServices, "consentSessions" | "loginSessions">;
  state: Pick<PortalState, "forget">;
  outbox: Pick<Outbox, "send">;
}

export function accountDeletion({ kratos, hydra, state, outbox }: AccountDeletionDeps): AccountDeletion {
  return {
    async delete(identityId, email, language, askedBy = "owner") {
      await hydra.consentSessions.revoke(identityId);
      await hydra.loginSessions.revoke(identityId);
      await kratos.identities.revokeSessions(identityId);
      await state.forget(identityId);
      await kratos.identities.delete(identityId);
      const at = mailTime(new Date(), language);
      await outbox.send(
        askedBy === "owner"
          ? renderMail("account_deleted", email, { at }, language)
          : renderMail("account_deleted_by_admin", email, { at }, language),
      );
    },
  };
}
