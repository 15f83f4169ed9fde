// Kratos' admin API for an undo from a security mail (services/undo.ts): the
// address set back and the password replaced by one nobody knows, in one
// update; the restored address marked verified (the undo link, mailed there,
// proved it); a second factor or a provider's link removed. Sessions and the
// recovery code are identities.ts'.
import { randomBytes } from "node:crypto";
import type { Identity, IdentityApi } from "@ory/client";
import { ClientError } from "../errors.js";
import { emailOf, markAddressVerified } from "./identities.js";
import { callUpstream } from "../upstream/call.js";

/** The second factors Kratos' admin API can remove (v1.3.1 identity/handler.go: a passkey is a first factor, kept). */
export type RemovableFactor = "totp" | "webauthn" | "lookup_secret";

export interface KratosAccountUndo {
  /**
   * Sets the identity's address (its email trait) to `email` and replaces its password by a random one that is
   * never kept nor shown: only a recovery code signs in after it. The address is marked verified.
   */
  restore(identity: Identity, email: string): Promise<void>;
  /** Removes a kind of second factor whole; already gone is done too. */
  removeFactor(id: string, type: RemovableFactor): Promise<void>;
  /** Unlinks one sign-in provider's account (Kratos' identifier `<provider>:<subject>`); already gone is done too. */
  unlinkProvider(id: string, identifier: string): Promise<void>;
}

const undoGone = () => {
  throw new ClientError(404, "undo_invalid");
};

export function kratosAccountUndo(api: IdentityApi): KratosAccountUndo {
  const removeCredential = (id: string, type: string, identifier?: string) =>
    callUpstream(
      "kratos",
      "deleteIdentityCredentials",
      async () => {
        await api.deleteIdentityCredentials({ id, type: type as "totp", ...(identifier === undefined ? {} : { identifier }) });
      },
      // Kratos answers 404 for an identity or a credential it does not have: nothing left to remove.
      { 404: () => undefined },
    );

  return {
    async restore(identity, email) {
      const traits = { ...(identity.traits as Record<string, unknown>), email };
      const updated = await callUpstream(
        "kratos",
        "updateIdentity",
        async () =>
          (
            await api.updateIdentity({
              id: identity.id,
              updateIdentityBody: {
                schema_id: identity.schema_id,
                state: identity.state ?? "active",
                traits,
                metadata_public: identity.metadata_public,
                metadata_admin: identity.metadata_admin,
                credentials: { password: { config: { password: randomBytes(32).toString("base64url") } } },
              },
            })
          ).data,
        { 404: undoGone },
      );
      await markAddressVerified(api, updated, emailOf(updated));
    },
    removeFactor: (id, type) => removeCredential(id, type),
    unlinkProvider: (id, identifier) => removeCredential(id, "oidc", identifier),
  };
}
