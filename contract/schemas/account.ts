import { Type, type Static, type TSchema } from "@sinclair/typebox";
import type { Device } from "../devices.js";
import { Input } from "./input.js";
import { ConnectedApp } from "./oauth2.js";

/** Deleting the account: the user types their email address to confirm. */
export const AccountDeletionBody = Input({ email: Type.String({ maxLength: 320 }) });

/** POST /api/account/terms: the version of the terms of service the person read and accepts (TERMS_VERSION's token). */
export const TermsAcceptanceBody = Input({ version: Type.String({ minLength: 1, maxLength: 32 }) });
export type TermsAcceptanceBody = Static<typeof TermsAcceptanceBody>;
export type AccountDeletionBody = Static<typeof AccountDeletionBody>;

export const activityTypes = [
  "sign_in",
  "password_changed",
  "profile_changed",
  "email_changed",
  "second_factor_added",
  "second_factor_removed",
  "recovery_used",
  "provider_linked",
  "provider_unlinked",
  "data_exported",
  /** A change reverted from the undo link of its security mail (server/src/services/undo.ts). */
  "change_undone",
  "sign_in_failed",
  "sign_in_locked",
] as const;

export type ActivityType = (typeof activityTypes)[number];

/** A device as contract/devices.ts reads it: names from its lists only, "" where unknown. */
export const DeviceFields = Type.Unsafe<Device>(
  Type.Object({ browser: Type.String(), version: Type.String(), os: Type.String() }, { additionalProperties: false }),
);

export const ActivityEvent = Type.Object({
  type: Type.Unsafe<ActivityType>({ type: "string", enum: [...activityTypes] }),
  at: Type.String(),
  /** For sign-ins: the device, never its user agent as sent. */
  device: Type.Optional(DeviceFields),
  ip: Type.Optional(Type.String()),
  /** The second factor, or the sign-in provider's name (provider_linked, provider_unlinked). */
  method: Type.Optional(Type.String()),
  new_device: Type.Optional(Type.Boolean()),
});
export type ActivityEvent = Static<typeof ActivityEvent>;

/** The last 50 events, newest first, and the devices that a sign-in does not warn about (no version: an update is no new device). */
export const AccountActivity = Type.Object({ events: Type.Array(ActivityEvent), devices: Type.Array(DeviceFields) });
export type AccountActivity = Static<typeof AccountActivity>;

/** A wrong password for the account (sign_in_failed): when, and the device and address it came from. */
export const FailedSignIn = Type.Object({ at: Type.String(), device: DeviceFields, ip: Type.Optional(Type.String()) });
export type FailedSignIn = Static<typeof FailedSignIn>;

/**
 * GET /api/account/failed-sign-ins: the wrong passwords for the account since its sign-in before this session's,
 * how many and the newest; count 0 and last null when there were none.
 */
export const FailedSignInsSummary = Type.Object({ count: Type.Integer({ minimum: 0 }), last: Type.Union([FailedSignIn, Type.Null()]) });
export type FailedSignInsSummary = Static<typeof FailedSignInsSummary>;

/** After "Stay signed in": when the session now ends. */
export const SessionExtension = Type.Object({ expires_at: Type.Union([Type.String(), Type.Null()]) });
export type SessionExtension = Static<typeof SessionExtension>;

/** The sign-in providers linked to the signed-in account, by Kratos' provider id. */
export const AccountProviders = Type.Object({ providers: Type.Array(Type.String()) });
export type AccountProviders = Static<typeof AccountProviders>;

/** "Download my data" takes no query: the account is the session's. */
export const AccountExportQuery = Input({});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * "Download my data" (GDPR articles 15 and 20): what Kratos, Hydra and the portal keep about the signed-in
 * account, as one JSON file. Ways to sign in by their names and dates, never a secret, a hash or a key.
 */
export const AccountExport = Type.Object({
  /** The file's format, so that a reader can tell a later one apart. */
  format: Type.Literal("account-portal-export/1"),
  exported_at: Type.String(),
  account: Type.Object({
    id: Type.String(),
    state: Type.String(),
    created_at: Nullable(Type.String()),
    updated_at: Nullable(Type.String()),
    traits: Type.Record(Type.String(), Type.Unknown()),
    roles: Type.Array(Type.String()),
  }),
  addresses: Type.Array(
    Type.Object({ value: Type.String(), via: Type.String(), verified: Type.Boolean(), verified_at: Nullable(Type.String()) }),
  ),
  /** How the account signs in: the password's dates, each security key and passkey by its name, the backup codes by count. */
  sign_in_methods: Type.Array(
    Type.Object({
      type: Type.String(),
      name: Type.Optional(Type.String()),
      created_at: Nullable(Type.String()),
      updated_at: Type.Optional(Nullable(Type.String())),
      /** Backup codes: how many are left unused, of how many. */
      unused: Type.Optional(Type.Number()),
      total: Type.Optional(Type.Number()),
    }),
  ),
  sessions: Type.Array(
    Type.Object({
      id: Type.String(),
      authenticated_at: Nullable(Type.String()),
      expires_at: Nullable(Type.String()),
      methods: Type.Array(Type.String()),
      devices: Type.Array(Type.Object({ ip_address: Type.String(), user_agent: Type.String(), location: Type.String() })),
    }),
  ),
  connected_apps: Type.Array(ConnectedApp),
  activity: Type.Array(ActivityEvent),
  known_devices: Type.Array(DeviceFields),
  /** What admins did to the account: the action and when, without the admin's own address. */
  audit: Type.Array(Type.Object({ action: Type.String(), role: Type.Optional(Type.String()), at: Type.String() })),
});
export type AccountExport = Static<typeof AccountExport>;
