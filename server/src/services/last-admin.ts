// The rule that the portal always keeps an active admin, made one decision:
// "is another active admin left?" and the change that takes this identity's
// admin powers away (its role revoked, deactivated, deleted) run under one
// lock of the portal state (state/portal-state.ts: Redis when configured,
// shared by every portal; the file store's queue otherwise). Checked and
// changed one after the other, three admins who delete themselves at the same
// moment would each see the other two and all go. After the change the rule
// is checked again, still under the lock: if a change outside the portal
// (`npm run revoke-admin`, Kratos' admin API) left no admin meanwhile, the
// change is undone and refused.
import type { Identity } from "@ory/client";
import { actsWithRole, adminRole } from "#contract/roles.js";
import { ClientError } from "../errors.js";
import type { KratosIdentities } from "../kratos/identities.js";
import type { PortalState } from "../state/portal-state.js";

export interface LastAdmin {
  /**
   * Runs `change` on the identity (as Kratos has it now, under the lock) unless it is an active admin and no
   * other is (409 last_admin); `undo` puts it back if the check after the change finds no admin left.
   */
  guard<T>(id: string, change: (identity: Identity) => Promise<T>, undo: () => Promise<unknown>): Promise<T>;
}

export interface LastAdminDeps {
  identities: Pick<KratosIdentities, "get" | "anotherHasRole">;
  state: Pick<PortalState, "withLock">;
}

export function lastAdmin({ identities, state }: LastAdminDeps): LastAdmin {
  return {
    guard: (id, change, undo) =>
      state.withLock("last-admin", async () => {
        const identity = await identities.get(id);
        if (!identity) throw new ClientError(404, "user_not_found");
        const counts = actsWithRole(identity, adminRole);
        const anotherLeft = () => identities.anotherHasRole(id, adminRole);
        if (counts && !(await anotherLeft())) throw new ClientError(409, "last_admin");
        const result = await change(identity);
        if (counts && !(await anotherLeft())) {
          await undo();
          throw new ClientError(409, "last_admin");
        }
        return result;
      }),
  };
}
