// "Download my data" (GDPR articles 15 and 20): everything Kratos, Hydra and the portal's state keep about
// one account, read anew for each download, in the contract's AccountExport. Ways to sign in appear by their
// names and dates: a credential's configuration holds secrets (backup codes, keys, providers' tokens), and
// only what is named here leaves it.
import type { Identity, IdentityCredentials, Session } from "@ory/client";
import { rolesOf } from "#contract/roles.js";
import type { AccountExport } from "#contract/schemas/account.js";
import { deviceOfKey } from "#contract/devices.js";
import { connectedApps, type HydraConsentSessions } from "../hydra/consent-sessions.js";
import type { KratosIdentities } from "../kratos/identities.js";
import type { PortalState } from "../state/portal-state.js";

export interface AccountExportDeps {
  identities: KratosIdentities;
  consentSessions: HydraConsentSessions;
  state: PortalState;
}

type Method = AccountExport["sign_in_methods"][number];

const when = (value: string | Date | null | undefined): string | null =>
  value === undefined || value === null ? null : new Date(value).toISOString();

const listOf = (config: Record<string, unknown>, field: string): Record<string, unknown>[] =>
  Array.isArray(config[field]) ? (config[field] as Record<string, unknown>[]) : [];

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** One line per way to sign in, from the identity read with its factors' configuration. */
function signInMethodsOf(identity: Identity): Method[] {
  const credentials: Partial<Record<string, IdentityCredentials>> = identity.credentials ?? {};
  const methods: Method[] = [];
  for (const [type, credential] of Object.entries(credentials)) {
    if (!credential) continue;
    const config = (credential.config ?? {}) as Record<string, unknown>;
    const dates = { created_at: when(credential.created_at), updated_at: when(credential.updated_at) };
    if (type === "webauthn" || type === "passkey") {
      for (const key of listOf(config, "credentials")) {
        methods.push({ type, name: text(key.display_name) ?? "", created_at: when(text(key.added_at)) });
      }
    } else if (type === "lookup_secret") {
      const codes = listOf(config, "recovery_codes");
      if (codes.length === 0) continue;
      methods.push({ type, ...dates, unused: codes.filter((code) => !text(code.used_at)).length, total: codes.length });
    } else if (type === "oidc") {
      for (const provider of listOf(config, "providers")) methods.push({ type, name: text(provider.provider) ?? "", ...dates });
    } else {
      // The password, the authenticator app, sign-in codes: that they are there, and since when.
      methods.push({ type, ...dates });
    }
  }
  return methods;
}

function sessionOf(session: Session): AccountExport["sessions"][number] {
  return {
    id: session.id,
    authenticated_at: when(session.authenticated_at),
    expires_at: when(session.expires_at),
    methods: (session.authentication_methods ?? []).flatMap(({ method }) => (method ? [method] : [])),
    devices: (session.devices ?? []).map((device) => ({
      ip_address: device.ip_address ?? "",
      user_agent: device.user_agent ?? "",
      location: device.location ?? "",
    })),
  };
}

/** The account's data, or undefined when Kratos no longer has the identity. */
export async function exportAccount(deps: AccountExportDeps, id: string): Promise<AccountExport | undefined> {
  const [identity, sessions, consents, activity, devices, audit] = await Promise.all([
    deps.identities.getWithFactors(id),
    deps.identities.sessions(id),
    deps.consentSessions.list(id),
    deps.state.activity.list(id),
    deps.state.devices.list(id),
    deps.state.audit.list(id),
  ]);
  if (!identity) return undefined;
  return {
    format: "account-portal-export/1",
    exported_at: new Date().toISOString(),
    account: {
      id: identity.id,
      state: identity.state ?? "active",
      created_at: when(identity.created_at),
      updated_at: when(identity.updated_at),
      traits: (identity.traits ?? {}) as Record<string, unknown>,
      roles: rolesOf(identity.metadata_public),
    },
    addresses: (identity.verifiable_addresses ?? []).map((address) => ({
      value: address.value,
      via: address.via,
      verified: address.verified,
      verified_at: when(address.verified_at),
    })),
    sign_in_methods: signInMethodsOf(identity),
    sessions: sessions.map(sessionOf),
    connected_apps: connectedApps(consents),
    activity,
    known_devices: devices.map(deviceOfKey),
    // The admin who acted is another person: their id, address and IP stay out of this person's copy.
    audit: audit.map(({ action, role, at }) => ({ action, ...(role === undefined ? {} : { role }), at })),
  };
}
