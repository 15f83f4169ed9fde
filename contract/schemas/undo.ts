// /api/undo: a security mail's undo link, read and confirmed by whoever holds
// it (server/src/services/undo.ts). Only what the page shows goes out: the
// kind of change and when, never the link's digest, an address or a device.
import { Type, type Static } from "@sinclair/typebox";
import { Input } from "./input.js";

const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] });

/** The changes whose mail carries an undo link. */
export const undoableChanges = [
  "email_changed",
  "password_changed",
  "second_factor_added",
  "second_factor_removed",
  "provider_linked",
] as const;
export type UndoableChange = (typeof undoableChanges)[number];

/** The mailed link's secret: the account's identity id and a random part (256 bits, base64url). */
export const UndoToken = Type.String({ minLength: 80, maxLength: 80, pattern: "^[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$" });

export const UndoQuery = Input({ token: UndoToken });
export const ConfirmUndoBody = Input({ token: UndoToken });
export type ConfirmUndoBody = Static<typeof ConfirmUndoBody>;

/** What the link would revert: the change, when it happened, and the second factor or provider it names. */
export const UndoView = Type.Object({
  change: StringEnum(undoableChanges),
  at: Type.String(),
  expires_at: Type.String(),
  /** The second factor's kind (totp, webauthn, passkey, lookup_secret), or the provider's name. */
  method: Type.Optional(Type.String()),
});
export type UndoView = Static<typeof UndoView>;

/** Done: the account is signed out everywhere; the recovery code's mail was queued, or held by the address's mail quota. */
export const UndoDone = Type.Object({ mail: Type.Union([Type.Literal("queued"), Type.Literal("held")]) });
export type UndoDone = Static<typeof UndoDone>;
