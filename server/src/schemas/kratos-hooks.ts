// What Kratos' web hooks send the portal: the bodies that the Jsonnet files
// in config/kratos/hooks/ build from Kratos' context. Only what the security
// mails and the activity need; never a cookie, a credential or a code.
import { Type, type Static } from "@sinclair/typebox";

const Count = Type.Integer({ minimum: 0, maximum: 1000 });

/** How many of each second factor the identity has after the change. */
export const SecondFactorCounts = Type.Object({ totp: Count, webauthn: Count, passkey: Count, lookup_secret: Count });
export type SecondFactorCounts = Static<typeof SecondFactorCounts>;

const Text = (maxLength: number) => Type.String({ maxLength });

export const KratosHookBody = Type.Object({
  identity_id: Type.String({ format: "uuid" }),
  email: Text(320),
  factors: SecondFactorCounts,
  /** The sign-in's session: Kratos calls the login hook once per factor, with the same session. */
  session_id: Type.Optional(Type.String({ format: "uuid" })),
  user_agent: Type.Optional(Text(1024)),
  ip: Type.Optional(Text(64)),
  /** Settings: which method was saved (password, profile, totp, webauthn, passkey, lookup_secret). */
  method: Type.Optional(Text(64)),
  /** Settings: the email before the change. */
  previous_email: Type.Optional(Text(320)),
});
export type KratosHookBody = Static<typeof KratosHookBody>;

export const KratosHookParams = Type.Object({
  event: Type.Union([Type.Literal("login"), Type.Literal("settings"), Type.Literal("recovery")]),
});
export type KratosHookEvent = Static<typeof KratosHookParams>["event"];
