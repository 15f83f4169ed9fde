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

/** An image of the operator's in the light theme and, if they gave one, the dark: paths on the portal's own origin. */
const BrandImage = Type.Object({ light: Type.String(), dark: Type.Optional(Type.String()) });

/**
 * The operator's branding (server/src/branding/, docs/branding.md): the logo (wide, above the public pages' card)
 * and the mark (square, at the top of the menu), and where people get help. Each is left out when not configured;
 * the terms' and privacy notice's links are the terms' (TermsLinks).
 */
export const Branding = Type.Object({
  logo: Type.Optional(BrandImage),
  mark: Type.Optional(BrandImage),
  supportEmail: Type.Optional(Type.String()),
  supportUrl: Type.Optional(Type.String()),
});
export type Branding = Static<typeof Branding>;

/** The terms of service people accept (TERMS_URL, PRIVACY_URL, TERMS_VERSION): links and the version asked for. */
export const TermsLinks = Type.Object({
  url: Type.String(),
  privacyUrl: Type.Optional(Type.String()),
  version: Type.String(),
});
export type TermsLinks = Static<typeof TermsLinks>;

/**
 * The app's runtime configuration: GET /config.json, and the app page's start-up data. Where the browser reaches
 * Kratos' public API (the portal's /kratos); `REGISTRATION` only when it is not open.
 */
export const RuntimeConfig = Type.Object({
  KRATOS_PUBLIC_URL: Type.String(),
  OPERATOR_TEXTS: Type.Optional(OperatorTexts),
  REGISTRATION: Type.Optional(Type.Literal("invite-only")),
  BRANDING: Type.Optional(Branding),
  terms: Type.Optional(TermsLinks),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;
