import { Type, type Static } from "@sinclair/typebox";

/**
 * The operator's texts by language and key (server/src/operator-texts.ts, docs/identity-schema.md): `productName`
 * names the product, `traits.<path>` a trait of their identity schema, `traits.<path>.<value>` an option of an enum.
 */
export const OperatorTexts = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()));
export type OperatorTexts = Static<typeof OperatorTexts>;

/** A key of the operator's texts: `productName`, or `traits.` and the trait's path, and for an option its value. */
export const operatorTextKey = /^(productName|traits(\.[A-Za-z0-9_-]+)+)$/;

/** Who may create an account (REGISTRATION): anyone, or only whom an admin invites. */
export const registrationModes = ["open", "invite-only"] as const;
export type RegistrationMode = (typeof registrationModes)[number];

/**
 * The app's runtime configuration: GET /config.json, and the app page's start-up data. Where the browser reaches
 * Kratos' public API (the portal's /kratos); `REGISTRATION` only when it is not open.
 */
export const RuntimeConfig = Type.Object({
  KRATOS_PUBLIC_URL: Type.String(),
  OPERATOR_TEXTS: Type.Optional(OperatorTexts),
  REGISTRATION: Type.Optional(Type.Literal("invite-only")),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;
