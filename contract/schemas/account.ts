import { Type, type Static } from "@sinclair/typebox";
import type { Device } from "../devices.js";
import { Input } from "./input.js";

/** Deleting the account: the user types their email address to confirm. */
export const AccountDeletionBody = Input({ email: Type.String({ maxLength: 320 }) });
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

/** After "Stay signed in": when the session now ends. */
export const SessionExtension = Type.Object({ expires_at: Type.Union([Type.String(), Type.Null()]) });
export type SessionExtension = Static<typeof SessionExtension>;

/** The sign-in providers linked to the signed-in account, by Kratos' provider id. */
export const AccountProviders = Type.Object({ providers: Type.Array(Type.String()) });
export type AccountProviders = Static<typeof AccountProviders>;
