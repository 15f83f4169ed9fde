// Kratos' admin API for invitations: the invitee's identity (made with the
// invitation in its metadata_admin, found again there), the invitation
// changed, the address marked verified, and the recovery code that signs the
// invitee in once. The invitation's facts live on the identity itself, so
// they survive a restart and every portal sees them.
import type { Identity, IdentityApi, IdentityCredentials } from "@ory/client";
import { ClientError } from "../errors.js";
import { callUpstream } from "../upstream/call.js";
import { listPage } from "../upstream/pages.js";
import { emailOf, markAddressVerified, providersOf, secondFactorsOf } from "./identities.js";

/** An invitation as metadata_admin.invitation keeps it. */
export interface InvitationRecord {
  /** SHA-256 (base64url) of the mailed link's random part; a resend replaces it, so the old link dies. */
  token_hash: string;
  invited_by_id: string;
  invited_by_email: string;
  sent_at: string;
  expires_at: string;
  language: string;
  notify: boolean;
  /** When the invitee accepted; the link is spent. */
  accepted_at?: string;
}

export interface NewInvitee {
  schemaId: string;
  traits: Record<string, unknown>;
  roles: string[];
  invitation: InvitationRecord;
}

export interface KratosInvitees {
  /** Makes the identity: active, its address unverified, no credentials. 409 account_exists if the address has one. */
  create(invitee: NewInvitee): Promise<Identity>;
  /** The identity with the configuration of the credentials invitationUsed reads, or undefined. */
  get(id: string): Promise<Identity | undefined>;
  /** Whether Kratos has a session of the identity, active or not: someone signed in as it, by any method. */
  hasSession(id: string): Promise<boolean>;
  /** Every identity with an invitation in its metadata_admin (pages through every identity). */
  invited(): Promise<Identity[]>;
  /** Replaces the identity's invitation, keeping the rest of metadata_admin. */
  setInvitation(identity: Identity, invitation: InvitationRecord): Promise<void>;
  /** Marks the identity's address (its email trait) verified: opening the mailed link proved it. */
  markVerified(identity: Identity): Promise<void>;
  /** A one-time recovery code for a browser flow: the flow's id and the code. */
  recoveryCode(id: string, expiresIn: string): Promise<{ flow: string; code: string }>;
}

/** The invitation an identity holds, if any. */
export function invitationOf(identity: Pick<Identity, "metadata_admin">): InvitationRecord | undefined {
  const invitation = (identity.metadata_admin as { invitation?: unknown } | null | undefined)?.invitation;
  if (invitation === null || typeof invitation !== "object") return undefined;
  const record = invitation as Partial<InvitationRecord>;
  return typeof record.token_hash === "string" && typeof record.expires_at === "string" ? (record as InvitationRecord) : undefined;
}

/**
 * The credentials Kratos makes with the invitee's identity, from the identity schema's identifiers
 * (config/kratos/identity.schema.json): a password one without a hash, a code one with the address, a webauthn
 * one without a key. Any other is the person's own.
 */
const madeWithIdentity = new Set(["password", "code", "webauthn"]);

/**
 * Whether the identity holds more than its invitation made (read with the credentials' configuration, `get`): a
 * password, a security key or passkey, an authenticator app, backup codes, a sign-in provider, or any credential
 * of another type, from Kratos' recovery, a provider or a settings flow without the link. Whether the person
 * signed in (by an emailed code, which changes no credential) is the service's other question: a session.
 */
export function invitationUsed(identity: Identity, invitation: InvitationRecord): boolean {
  const credentials: Partial<Record<string, IdentityCredentials>> = identity.credentials ?? {};
  const hash = (credentials.password?.config as { hashed_password?: unknown } | undefined)?.hashed_password;
  return (
    invitation.accepted_at !== undefined ||
    (typeof hash === "string" && hash !== "") ||
    providersOf(identity).length > 0 ||
    secondFactorsOf(identity).length > 0 ||
    Object.keys(credentials).some((type) => !madeWithIdentity.has(type))
  );
}

const pageSize = 500;
const gone = () => undefined;

export function kratosInvitees(api: IdentityApi): KratosInvitees {
  const metadataWith = (identity: Identity, invitation: InvitationRecord) => {
    const rest = identity.metadata_admin !== null && typeof identity.metadata_admin === "object" ? identity.metadata_admin : {};
    return { ...(rest as Record<string, unknown>), invitation };
  };

  return {
    create: ({ schemaId, traits, roles, invitation }) =>
      callUpstream(
        "kratos",
        "createIdentity",
        async () =>
          (
            await api.createIdentity({
              createIdentityBody: {
                schema_id: schemaId,
                traits,
                state: "active",
                metadata_public: { roles },
                metadata_admin: { invitation },
              },
            })
          ).data,
        {
          // Kratos refused the identity (a trait its identity schema does not take): the request's schema holds
          // what the portal knows of Kratos' rules (contract/email-address.ts), so this is a value, not a fault.
          400: () => {
            throw new ClientError(400, "invitation_refused");
          },
          // Another identity has the address as an identifier (one made between the check and this call).
          409: () => {
            throw new ClientError(409, "account_exists");
          },
        },
      ),

    get: (id) =>
      callUpstream(
        "kratos",
        "getIdentity",
        async () => (await api.getIdentity({ id, includeCredential: ["password", "oidc", "webauthn", "passkey", "lookup_secret"] })).data,
        { 404: gone },
      ),

    // Without `active`, Kratos lists every session of the identity, the expired and revoked ones too.
    hasSession: (id) =>
      callUpstream("kratos", "listIdentitySessions", async () => (await api.listIdentitySessions({ id, pageSize: 1 })).data.length > 0, {
        404: () => false,
      }),

    async invited() {
      const found: Identity[] = [];
      let pageToken: string | undefined;
      do {
        const page = await callUpstream("kratos", "listIdentities", async () => {
          const { data, headers } = await api.listIdentities({ pageSize, pageToken });
          return listPage(data, pageSize, headers.link);
        });
        found.push(...page.items.filter((identity) => invitationOf(identity) !== undefined));
        pageToken = page.nextPageToken;
      } while (pageToken);
      return found;
    },

    async setInvitation(identity, invitation) {
      await callUpstream(
        "kratos",
        "patchIdentity",
        async () => {
          await api.patchIdentity({
            id: identity.id,
            jsonPatch: [{ op: "add", path: "/metadata_admin", value: metadataWith(identity, invitation) }],
          });
        },
        {
          404: () => {
            throw new ClientError(404, "invitation_invalid");
          },
        },
      );
    },

    markVerified: (identity) => markAddressVerified(api, identity, emailOf(identity)),

    async recoveryCode(id, expiresIn) {
      const answer = await callUpstream(
        "kratos",
        "createRecoveryCodeForIdentity",
        async () =>
          (await api.createRecoveryCodeForIdentity({ createRecoveryCodeForIdentityBody: { identity_id: id, expires_in: expiresIn } })).data,
        {
          404: () => {
            throw new ClientError(404, "invitation_invalid");
          },
        },
      );
      // Kratos' link is its recovery UI with ?flow=<the flow's id>.
      const flow = new URL(answer.recovery_link).searchParams.get("flow") ?? "";
      return { flow, code: answer.recovery_code };
    },
  };
}
