// Kratos' admin API for one identity: reading it, finding it by address,
// ending its sessions, deleting it, changing its roles and state, a recovery
// code for it, extending one session. Only the server reaches this API; the browser never does.
import { createHash, randomUUID } from "node:crypto";
import type { Identity, IdentityApi, IdentityCredentials, IdentityPatch, RecoveryCodeForIdentity, Session } from "@ory/client";
import { actsWithRole, withRoleChanged, type RoleChange } from "#contract/roles.js";
import { withTermsAccepted, type TermsAcceptance } from "#contract/terms.js";
import type { UserState } from "#contract/schemas/users.js";
import { ClientError, notSignedIn } from "../errors.js";
import { listPage, type Page } from "../upstream/pages.js";
import { callUpstream } from "../upstream/call.js";

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
  /** The linked sign-in providers' ids, sorted; absent in a snapshot kept before the portal knew them. */
  providers?: string[];
}

/** An account as the security mails read it from Kratos, never from a hook's body. */
export interface MailAccount {
  /** Its address, "" without one. */
  email: string;
  /** Whether Kratos holds that address as verified: only a verified address gets security mail. */
  verified: boolean;
  /** Its traits, for its language. */
  traits: unknown;
  snapshot: CredentialSnapshot;
  /** When it accepted its invitation (metadata_admin.invitation, services/invitations.ts); undefined if never invited. */
  invitationAcceptedAt: string | undefined;
}

/** The identity's email trait; "" without one. */
export const emailOf = (identity: Pick<Identity, "traits">): string => {
  const email = (identity.traits as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" ? email : "";
};

/** Whether Kratos holds the identity's address (its email trait) as verified. */
export const emailVerified = (identity: Pick<Identity, "traits" | "verifiable_addresses">): boolean => {
  const email = emailOf(identity).toLowerCase();
  return email !== "" && (identity.verifiable_addresses ?? []).some((address) => address.value.toLowerCase() === email && address.verified);
};

export interface KratosIdentities {
  /** The account as the security mails read it; undefined when Kratos has no such identity (never had, or deleted). */
  mailAccount(id: string): Promise<MailAccount | undefined>;
  /** The identity, or undefined when Kratos has none with this id. */
  get(id: string): Promise<Identity | undefined>;
  /** The identity with what secondFactorsOf and providersOf read, or undefined when Kratos has none with this id. */
  getWithFactors(id: string): Promise<Identity | undefined>;
  /** Revokes every session of the identity; nothing to do for an unknown identity. */
  revokeSessions(id: string): Promise<void>;
  /** Deletes the identity; already deleted is done too. */
  delete(id: string): Promise<void>;
  /** Whether an active identity other than this one has the role (pages through every identity). */
  anotherHasRole(id: string, role: string): Promise<boolean>;
  /** Extends a session by Kratos' session lifespan from now. */
  extendSession(sessionId: string): Promise<void>;
  /** A page of identities whose sign-in identifier is `email` (exact) or starts with it (prefix); everyone without one. */
  search(query: IdentitySearch): Promise<Page<Identity>>;
  /** The identity's active sessions (404 user_not_found without the identity). */
  sessions(id: string): Promise<Session[]>;
  /** Grants or revokes a role, keeping the rest of metadata_public; the identity as it is now. */
  changeRole(id: string, role: string, change: RoleChange): Promise<Identity>;
  /** Records the terms' acceptance in metadata_public.terms, keeping the rest of it. */
  acceptTerms(id: string, acceptance: TermsAcceptance): Promise<void>;
  /** Sets the identity's state; an inactive identity cannot sign in, and its sessions are revoked. */
  setState(id: string, state: UserState): Promise<Identity>;
  /** Kratos' admin recovery: a link and a code that sign the person in to set a new password. */
  recoveryCode(id: string): Promise<RecoveryCodeForIdentity>;
  /**
   * Which of the addresses (lowercase) an identity already has, read in one pass over Kratos' pages rather than one
   * look-up per address: Kratos v1.3.1 finds an identity by its identifier by walking every identity in id order
   * (its list query's plan on SQLite), so a look-up per row costs the whole table each time.
   */
  addressesInUse(addresses: ReadonlySet<string>): Promise<Set<string>>;
  /**
   * Creates the identities in one of Kratos' batch calls; per identity, in order, the id Kratos answered or why it
   * refused it. Where it refused one of several, Kratos v1.3.1 rolls the others back all the same while answering
   * their ids (kratos#4211): see existingIds.
   */
  importBatch(people: readonly ImportedIdentity[]): Promise<ImportAnswer[]>;
  /** Which of the ids are identities in Kratos. */
  existingIds(ids: readonly string[]): Promise<Set<string>>;
}

/** What Kratos did with one identity of an import's batch. */
export type ImportAnswer = { id: string } | { refusal: "account_exists" | "refused" };

/** Whether a batch answer's error is Kratos' unique violation (herodot's error with code 409). */
function conflictOf(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === 409;
}

/** One person moved in from another identity system, with the hash of their password as Kratos imports it. */
export interface ImportedIdentity {
  schemaId: string;
  traits: Record<string, unknown>;
  verified: boolean;
  roles: string[];
  passwordHash: string;
}

export interface IdentitySearch {
  email: string;
  match: "exact" | "prefix";
  pageSize: number;
  pageToken?: string;
}

const pageSize = 500;
/** How many ids one look-up by ids carries. */
const idsPerLookup = 100;

const digest = (value: string) => createHash("sha256").update(value).digest("base64url");

const gone = () => undefined;

/**
 * The credentials whose configuration Manage Users reads: the second factors
 * (secondFactorsOf) and the linked providers (providersOf). Kratos' admin API
 * leaves every credential's configuration out unless include_credential names it.
 * Never the password's hash or the TOTP secret.
 */
const factorCredentials: ("webauthn" | "passkey" | "lookup_secret" | "oidc")[] = ["webauthn", "passkey", "lookup_secret", "oidc"];

/** The sign-in providers linked to the identity (their ids, sorted), from an identity read with the oidc credential. */
/**
 * Marks the identity's address verified, as Kratos' own verification would (status, date), when it is one of its
 * addresses and not verified yet: a person who proved they hold the mailbox another way (an invitation, an undo
 * link, both mailed there).
 */
export async function markAddressVerified(api: IdentityApi, identity: Identity, email: string): Promise<void> {
  const index = (identity.verifiable_addresses ?? []).findIndex((address) => address.value.toLowerCase() === email.toLowerCase());
  if (index < 0 || identity.verifiable_addresses?.[index]?.verified) return;
  const at = `/verifiable_addresses/${index}`;
  await callUpstream("kratos", "patchIdentity", async () => {
    await api.patchIdentity({
      id: identity.id,
      jsonPatch: [
        { op: "replace", path: `${at}/verified`, value: true },
        { op: "replace", path: `${at}/status`, value: "completed" },
        { op: "add", path: `${at}/verified_at`, value: new Date().toISOString() },
      ],
    });
  });
}

export function providersOf(identity: Identity): string[] {
  const credentials: Partial<Record<string, IdentityCredentials>> = identity.credentials ?? {};
  const config = (credentials.oidc?.config ?? {}) as { providers?: unknown };
  const providers = Array.isArray(config.providers) ? (config.providers as { provider?: unknown }[]) : [];
  return [...new Set(providers.map(({ provider }) => provider).filter((id): id is string => typeof id === "string"))].sort();
}

/**
 * The second factors set up, from an identity read with factorCredentials: by the credential's configuration,
 * since Kratos keeps a webauthn credential for every identity whose address is a security-key identifier, and
 * a lookup_secret one (its `recovery_codes`, identity/credentials_lookup.go) after the codes are removed.
 */
export function secondFactorsOf(identity: Identity): string[] {
  const credentials: Partial<Record<string, IdentityCredentials>> = identity.credentials ?? {};
  const config = (type: string) => (credentials[type]?.config ?? {}) as Record<string, unknown>;
  const listed = (type: string, field: string) => Array.isArray(config(type)[field]) && (config(type)[field] as unknown[]).length > 0;
  return [
    ...(credentials.totp ? ["totp"] : []),
    ...(listed("webauthn", "credentials") ? ["webauthn"] : []),
    ...(listed("passkey", "credentials") ? ["passkey"] : []),
    ...(listed("lookup_secret", "recovery_codes") ? ["lookup_secret"] : []),
  ];
}

const userNotFound = () => {
  throw new ClientError(404, "user_not_found");
};

/** How long an admin's recovery code lasts: long enough to tell the person, short enough to be worthless later. */
const recoveryCodeLifespan = "1h";

export function kratosIdentities(api: IdentityApi): KratosIdentities {
  const revokeSessions = (id: string) =>
    callUpstream(
      "kratos",
      "deleteIdentitySessions",
      async () => {
        await api.deleteIdentitySessions({ id });
      },
      { 404: gone },
    );

  return {
    async mailAccount(id) {
      const identity = await callUpstream(
        "kratos",
        "getIdentity",
        async () => (await api.getIdentity({ id, includeCredential: ["password", "lookup_secret", "webauthn", "passkey", "oidc"] })).data,
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
      const email = emailOf(identity);
      const acceptedAt = (identity.metadata_admin as { invitation?: { accepted_at?: unknown } } | null | undefined)?.invitation
        ?.accepted_at;
      return {
        email,
        verified: emailVerified(identity),
        traits: identity.traits,
        invitationAcceptedAt: typeof acceptedAt === "string" ? acceptedAt : undefined,
        snapshot: {
          email,
          password: typeof hashedPassword === "string" ? digest(hashedPassword) : "",
          totp: credentials.totp ? 1 : 0,
          webauthn: count("webauthn"),
          passkey: count("passkey"),
          lookup_secret: codes.length > 0 ? digest(codes.join(",")) : "",
          providers: providersOf(identity),
        },
      };
    },

    get: (id) => callUpstream("kratos", "getIdentity", async () => (await api.getIdentity({ id })).data, { 404: gone }),

    getWithFactors: (id) =>
      callUpstream("kratos", "getIdentity", async () => (await api.getIdentity({ id, includeCredential: factorCredentials })).data, {
        404: gone,
      }),

    revokeSessions,

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
          return listPage(data, pageSize, headers.link);
        });
        if (page.items.some((identity) => identity.id !== id && actsWithRole(identity, role))) return true;
        pageToken = page.nextPageToken;
      } while (pageToken);
      return false;
    },

    search: ({ email, match, pageSize, pageToken }) =>
      callUpstream(
        "kratos",
        "listIdentities",
        async () => {
          const filter =
            email === "" ? {} : match === "exact" ? { credentialsIdentifier: email } : { previewCredentialsIdentifierSimilar: email };
          const { data, headers } = await api.listIdentities({ pageSize, pageToken, includeCredential: factorCredentials, ...filter });
          return listPage(data, pageSize, headers.link);
        },
        // A page token Kratos did not make.
        { 400: () => ({ items: [] }) },
      ),

    sessions: (id) =>
      callUpstream("kratos", "listIdentitySessions", async () => (await api.listIdentitySessions({ id, active: true })).data, {
        404: userNotFound,
      }),

    async changeRole(id, role, change) {
      const identity = await callUpstream("kratos", "getIdentity", async () => (await api.getIdentity({ id })).data, { 404: userNotFound });
      return callUpstream(
        "kratos",
        "patchIdentity",
        async () =>
          (
            await api.patchIdentity({
              id,
              jsonPatch: [{ op: "add", path: "/metadata_public", value: withRoleChanged(identity.metadata_public, role, change) }],
            })
          ).data,
        { 404: userNotFound },
      );
    },

    async acceptTerms(id, acceptance) {
      const identity = await callUpstream("kratos", "getIdentity", async () => (await api.getIdentity({ id })).data, { 404: userNotFound });
      await callUpstream(
        "kratos",
        "patchIdentity",
        async () =>
          api.patchIdentity({
            id,
            jsonPatch: [{ op: "add", path: "/metadata_public", value: withTermsAccepted(identity.metadata_public, acceptance) }],
          }),
        { 404: userNotFound },
      );
    },

    async setState(id, state) {
      const identity = await callUpstream(
        "kratos",
        "patchIdentity",
        async () => (await api.patchIdentity({ id, jsonPatch: [{ op: "replace", path: "/state", value: state }] })).data,
        { 404: userNotFound },
      );
      // Kratos refuses an inactive identity's sessions at whoami already; revoking them also ends them in its lists.
      if (state === "inactive") await revokeSessions(id);
      return identity;
    },

    recoveryCode: (id) =>
      callUpstream(
        "kratos",
        "createRecoveryCodeForIdentity",
        async () =>
          (
            await api.createRecoveryCodeForIdentity({
              createRecoveryCodeForIdentityBody: { identity_id: id, expires_in: recoveryCodeLifespan },
            })
          ).data,
        { 404: userNotFound },
      ),

    async addressesInUse(addresses) {
      const inUse = new Set<string>();
      let pageToken: string | undefined;
      do {
        const page = await callUpstream("kratos", "listIdentities", async () => {
          const { data, headers } = await api.listIdentities({ pageSize, pageToken });
          return listPage(data, pageSize, headers.link);
        });
        for (const identity of page.items) {
          const email = (identity.traits as { email?: unknown } | undefined)?.email;
          const known = [typeof email === "string" ? email : "", ...(identity.verifiable_addresses ?? []).map(({ value }) => value)];
          for (const address of known) if (addresses.has(address.toLowerCase())) inUse.add(address.toLowerCase());
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
      return inUse;
    },

    importBatch: (people) =>
      callUpstream(
        "kratos",
        "batchPatchIdentities",
        async () => {
          const patchIds = people.map(() => randomUUID());
          const identities: IdentityPatch[] = people.map((person, index) => {
            const email = String(person.traits.email);
            return {
              patch_id: patchIds[index],
              create: {
                schema_id: person.schemaId,
                traits: person.traits,
                state: "active",
                metadata_public: person.roles.reduce<Record<string, unknown>>(
                  (metadata, role) => withRoleChanged(metadata, role, "grant"),
                  {},
                ),
                credentials: { password: { config: { hashed_password: person.passwordHash } } },
                verifiable_addresses: person.verified
                  ? [{ value: email, via: "email", verified: true, status: "completed", verified_at: new Date().toISOString() }]
                  : [],
              },
            };
          });
          const { data } = await api.batchPatchIdentities({ patchIdentitiesBody: { identities } });
          const answers = new Map<string, ImportAnswer>();
          for (const answer of data.identities ?? []) {
            if (answer.patch_id === undefined) continue;
            if (answer.action === "create" && answer.identity !== undefined) answers.set(answer.patch_id, { id: answer.identity });
            // A unique violation (Kratos' 409): the address is another identity's identifier or verified address.
            else answers.set(answer.patch_id, { refusal: conflictOf(answer.error) ? "account_exists" : "refused" });
          }
          return patchIds.map((patchId): ImportAnswer => answers.get(patchId) ?? { refusal: "refused" });
        },
        // Kratos inserts a batch of one without partial inserts: its conflict is the whole call's 409.
        people.length === 1 ? { 409: () => [{ refusal: "account_exists" }] } : {},
      ),

    async existingIds(ids) {
      const found = new Set<string>();
      // Kratos' ids filter is a query parameter per id: chunks keep the address short.
      for (let start = 0; start < ids.length; start += idsPerLookup) {
        const chunk = ids.slice(start, start + idsPerLookup);
        const items = await callUpstream("kratos", "listIdentities", async () => {
          const { data } = await api.listIdentities({ ids: chunk, pageSize: chunk.length });
          return data;
        });
        for (const identity of items) found.add(identity.id);
      }
      return found;
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
