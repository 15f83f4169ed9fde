// Kratos' admin API for one identity: reading it, ending its sessions,
// deleting it, extending one session. Only the server reaches this API; the browser never does.
import { createHash } from "node:crypto";
import type { Identity, IdentityApi, IdentityCredentials } from "@ory/client";
import { notSignedIn } from "../errors.js";
import { rolesOf } from "../kratos/roles.js";
import { pageOf } from "./hydra-pages.js";
import { callUpstream } from "./upstream-call.js";

/**
 * What the security mails compare before and after a settings change. The
 * password and the backup codes appear as digests only (SHA-256 of the
 * stored hash, of the codes): the portal keeps no secret, but tells a new
 * one from the old. Kratos rewrites every credential of an identity on each
 * change, so their dates cannot tell.
 */
export interface CredentialSnapshot {
  email: string;
  /** "" without a password. */
  password: string;
  totp: number;
  webauthn: number;
  passkey: number;
  /** "" without backup codes. */
  lookup_secret: string;
}

export interface KratosIdentities {
  /** The identity's address and credentials as a snapshot; undefined when it is gone. */
  snapshot(id: string): Promise<CredentialSnapshot | undefined>;
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

const digest = (value: string) => createHash("sha256").update(value).digest("base64url");

const gone = () => undefined;

export function kratosIdentities(api: IdentityApi): KratosIdentities {
  return {
    async snapshot(id) {
      const identity = await callUpstream(
        "kratos",
        "getIdentity",
        async () => (await api.getIdentity({ id, includeCredential: ["password", "lookup_secret", "webauthn", "passkey"] })).data,
        { 404: gone },
      );
      if (!identity) return undefined;
      const credentials: Partial<Record<string, IdentityCredentials>> = identity.credentials ?? {};
      const config = (type: string) => (credentials[type]?.config ?? {}) as Record<string, unknown>;
      const count = (type: string) => (Array.isArray(config(type).credentials) ? (config(type).credentials as unknown[]).length : 0);
      const hashedPassword = config("password").hashed_password;
      // The codes, not when each was used: using one at sign-in is no new set.
      const codes = Array.isArray(config("lookup_secret").lookup_secrets)
        ? (config("lookup_secret").lookup_secrets as { code?: unknown }[]).map(({ code }) => String(code)).sort()
        : [];
      const email = (identity.traits as { email?: unknown } | undefined)?.email;
      return {
        email: typeof email === "string" ? email : "",
        password: typeof hashedPassword === "string" ? digest(hashedPassword) : "",
        totp: credentials.totp ? 1 : 0,
        webauthn: count("webauthn"),
        passkey: count("passkey"),
        lookup_secret: codes.length > 0 ? digest(codes.join(",")) : "",
      };
    },

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
