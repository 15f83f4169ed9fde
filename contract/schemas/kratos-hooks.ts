// What Kratos' web hooks send the portal: the bodies that the Jsonnet files
// in config/kratos/hooks/ build from Kratos' context. Only what the security
// mails and the activity need; never a cookie, a credential or a code. The
// portal trusts only `identity_id` and reads the account (its address, whether
// it is verified, its language) from Kratos' admin API: `email` serves only to
// log a mismatch, the device and IP are reduced to known names and a valid address.
import { Type, type Static } from "@sinclair/typebox";
import { Input } from "./input.js";

const Text = (maxLength: number) => Type.String({ maxLength });

/**
 * Where Kratos' web hooks carry the shared secret (KRATOS_HOOK_SECRET), as its api_key auth sends it: the one
 * header Kratos' request log redacts (any other it writes out at info level with each call).
 */
export const hookSecretHeader = "Authorization";

export const KratosHookBody = Input({
  identity_id: Type.String({ format: "uuid" }),
  email: Text(320),
  user_agent: Type.Optional(Text(1024)),
  ip: Type.Optional(Text(64)),
  /** Login: the factors the session has used so far (Kratos calls the hook once per factor of one sign-in). */
  factors_used: Type.Optional(Type.Integer({ minimum: 0, maximum: 16 })),
  /** The account's `language` trait as Kratos sent it; the mails' language is read from Kratos' admin API with the address. */
  language: Type.Optional(Text(16)),
});
export type KratosHookBody = Static<typeof KratosHookBody>;

export const KratosHookParams = Input({
  event: Type.Union([Type.Literal("login"), Type.Literal("settings"), Type.Literal("recovery")]),
});
export type KratosHookEvent = Static<typeof KratosHookParams>["event"];
