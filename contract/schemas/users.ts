// /api/users: the people who have accounts, for admins (Manage Users). Only
// what the page shows goes out: never a credential, a hash or Kratos' admin
// metadata.
import { Type, type Static } from "@sinclair/typebox";
import { grantableRoles } from "../roles.js";
import { importBatchMax, importOutcomes, importRefusals } from "../user-import.js";
import { DeviceFields, FailedSignIn } from "./account.js";
import { Input, QueryInteger } from "./input.js";

const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] });

/** Kratos' identity ids are UUIDs; nothing else reaches the path of its admin API. */
export const UserParams = Input({ id: Type.String({ format: "uuid" }) });
export type UserParams = Static<typeof UserParams>;

/**
 * Kratos v1.3.1 finds an identity by a sign-in identifier only: the whole
 * address (credentials_identifier) or its beginning (preview_credentials_identifier_similar).
 * An empty `email` lists everyone, in Kratos' order (by id).
 */
export const searchMatches = ["exact", "prefix"] as const;
/** The most accounts a page may ask for (page_size). */
export const maxUserPageSize = 100;

export const UserListQuery = Input({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  match: Type.Optional(StringEnum(searchMatches)),
  page_size: Type.Optional(QueryInteger),
  page_token: Type.Optional(Type.String({ maxLength: 200 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const userStates = ["active", "inactive"] as const;
export type UserState = (typeof userStates)[number];

export const User = Type.Object({
  id: Type.String(),
  email: Type.String(),
  /** First and last name as the person gave them; "" without. */
  name: Type.String(),
  /** Whether the email address is verified. */
  verified: Type.Boolean(),
  roles: Type.Array(Type.String()),
  state: StringEnum(userStates),
  /** The second factors set up: totp, webauthn, passkey, lookup_secret. */
  second_factors: Type.Array(Type.String()),
  /** The sign-in providers linked to the account, by Kratos' provider id (google, example-sso, …). */
  providers: Type.Array(Type.String()),
  created_at: Type.Union([Type.String(), Type.Null()]),
  /** The last sign-in the portal recorded for the account (its activity), or null; in the list and on the person's page. */
  last_sign_in: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Until when wrong passwords lock the account (LIMIT_SIGN_IN_ACCOUNT) for every browser its owner has not used, or null. */
  locked_until: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The wrong passwords for the account the portal recorded (its activity), newest first; on the person's page. */
  failed_sign_ins: Type.Optional(Type.Array(FailedSignIn)),
  /** The identity schema of the account, and every trait it holds (GET /api/identity-schemas names them). */
  schema_id: Type.String(),
  traits: Type.Record(Type.String(), Type.Unknown()),
});
export type User = Static<typeof User>;

export const UserList = Type.Object({ items: Type.Array(User), next_page_token: Type.Union([Type.String(), Type.Null()]) });
export type UserList = Static<typeof UserList>;

export const UserSession = Type.Object({
  id: Type.String(),
  /** When it was signed in (Kratos keeps no later "last seen" than this and the device's last address). */
  authenticated_at: Type.Union([Type.String(), Type.Null()]),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  aal: Type.String(),
  /** Where it was used: the device (never its user agent as sent) and the address. */
  devices: Type.Array(Type.Object({ device: DeviceFields, ip_address: Type.String() })),
});
export type UserSession = Static<typeof UserSession>;

/** Account Settings' active sessions (GET /api/account/sessions), shown as a person's are here: this browser's, and the account's others. */
export const MySessions = Type.Object({ current: UserSession, others: Type.Array(UserSession) });
export type MySessions = Static<typeof MySessions>;

export const auditActions = [
  "role_granted",
  "role_revoked",
  "deactivated",
  "reactivated",
  "sessions_revoked",
  "recovery_code_created",
  "verification_sent",
  "deleted",
  "unlocked",
  "invitation_sent",
  "invitation_resent",
  "invitation_revoked",
  "invitation_accepted",
  /** The account's holder reverted a change from its security mail's undo link (the actor is the account itself). */
  "change_undone",
  "imported",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One admin action: who did what to whom, when and from where. */
export const AuditEntry = Type.Object({
  action: StringEnum(auditActions),
  /** The admin's identity id and address when they acted. */
  actor_id: Type.String(),
  actor_email: Type.String(),
  subject_id: Type.String(),
  /** The role, for role_granted and role_revoked. */
  role: Type.Optional(Type.String()),
  at: Type.String(),
  ip: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** One person's page: the account, its active sessions and what admins did to it, newest first. */
export const UserDetail = Type.Object({ user: User, sessions: Type.Array(UserSession), audit: Type.Array(AuditEntry) });
export type UserDetail = Static<typeof UserDetail>;

export const RoleChangeBody = Input({ role: StringEnum(grantableRoles), change: StringEnum(["grant", "revoke"] as const) });
export type RoleChangeBody = Static<typeof RoleChangeBody>;

export const StateChangeBody = Input({ state: StringEnum(userStates) });
export type StateChangeBody = Static<typeof StateChangeBody>;

/** Kratos' admin recovery: a link and a code to give the person; shown once, to the admin. */
export const RecoveryCode = Type.Object({
  recovery_link: Type.String(),
  recovery_code: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
});
export type RecoveryCode = Static<typeof RecoveryCode>;

/**
 * One person to import, as the browser read them from another identity system's export: the hash in a format
 * Kratos takes (contract/user-import.ts), never a password. The server checks each field again and answers a
 * refusal per row rather than a 400, so that one bad row does not hold up the others.
 */
export const ImportPerson = Input({
  email: Type.String({ maxLength: 320 }),
  first_name: Type.String({ maxLength: 100 }),
  last_name: Type.String({ maxLength: 100 }),
  verified: Type.Boolean(),
  roles: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 16 }),
  password_hash: Type.String({ maxLength: 1024 }),
});
export type ImportPerson = Static<typeof ImportPerson>;

/** A batch of an import: with dry_run, only what would happen; without, the import of the rows that can be. */
export const ImportBody = Input({
  dry_run: Type.Boolean(),
  people: Type.Array(ImportPerson, { minItems: 1, maxItems: importBatchMax }),
});
export type ImportBody = Static<typeof ImportBody>;

/** Each row of the batch, in its order: its address, what happens to it and, refused, why. Never its hash. */
export const ImportResult = Type.Object({
  rows: Type.Array(
    Type.Object({
      email: Type.String(),
      outcome: StringEnum(importOutcomes),
      reason: Type.Optional(StringEnum(importRefusals)),
    }),
  ),
});
export type ImportResult = Static<typeof ImportResult>;
