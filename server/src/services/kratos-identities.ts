// Kratos' admin API for one identity: reading it, ending its sessions,
// deleting it, extending one session. Only the server reaches this API; the browser never does.
import type { Identity, IdentityApi } from "@ory/client";
import { notSignedIn } from "../errors.js";
import { rolesOf } from "../kratos/roles.js";
import { pageOf } from "./hydra-pages.js";
import { callUpstream } from "./upstream-call.js";

export interface KratosIdentities {
  /** The identity, or undefined when Kratos has none with this id. */
  get(id: string): Promise<Identity | undefined>;
  /** Revokes every session of the identity; nothing to do for an unknown identity. */
  revokeSessions(id: string): Promise<void>;
  /** Deletes the identity; already deleted is done too. */
  delete(id: string): Promise<void>;
  /** Whether an identity other than this one has the role (pages through every identity). */
  anotherHasRole(id: string, role: string): Promise<boolean>;
  /** Extends a session by Kratos' session lifespan from now. */
  extendSession(sessionId: string): Promise<void>;
}

const pageSize = 500;

const gone = () => undefined;

export function kratosIdentities(api: IdentityApi): KratosIdentities {
  return {
    get: (id) => callUpstream("kratos", "getIdentity", async () => (await api.getIdentity({ id })).data, { 404: gone }),

    revokeSessions: (id) =>
      callUpstream(
        "kratos",
        "deleteIdentitySessions",
        async () => {
          await api.deleteIdentitySessions({ id });
        },
        { 404: gone },
      ),

    delete: (id) =>
      callUpstream(
        "kratos",
        "deleteIdentity",
        async () => {
          await api.deleteIdentity({ id });
        },
        { 404: gone },
      ),

    async anotherHasRole(id, role) {
      let pageToken: string | undefined;
      do {
        const page = await callUpstream("kratos", "listIdentities", async () => {
          const { data, headers } = await api.listIdentities({ pageSize, pageToken });
          return pageOf(data, pageSize, headers.link);
        });
        if (page.items.some((identity) => identity.id !== id && rolesOf(identity.metadata_public).includes(role))) return true;
        pageToken = page.nextPageToken;
      } while (pageToken);
      return false;
    },

    extendSession: (sessionId) =>
      callUpstream(
        "kratos",
        "extendSession",
        async () => {
          await api.extendSession({ id: sessionId });
        },
        {
          404: () => {
            throw notSignedIn();
          },
        },
      ),
  };
}
