import { Type, type Static } from "@sinclair/typebox";

/**
 * The operator's texts by language and key (server/src/operator-texts.ts, docs/identity-schema.md): `productName`
 * names the product, `traits.<path>` a trait of their identity schema, `traits.<path>.<value>` an option of an enum.
 */
export const OperatorTexts = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()));
export type OperatorTexts = Static<typeof OperatorTexts>;

/** A key of the operator's texts: `productName`, or `traits.` and the trait's path, and for an option its value. */
export const operatorTextKey = /^(productName|traits(\.[A-Za-z0-9_-]+)+)$/;

/** The terms of service people accept (TERMS_URL, PRIVACY_URL, TERMS_VERSION): links and the version asked for. */
export const TermsLinks = Type.Object({
  url: Type.String(),
  privacyUrl: Type.Optional(Type.String()),
  version: Type.String(),
});
export type TermsLinks = Static<typeof TermsLinks>;

/** The app's runtime configuration: GET /config.json, and the app page's start-up data. Where the browser reaches Kratos' public API (the portal's /kratos). */
export const RuntimeConfig = Type.Object({
  KRATOS_PUBLIC_URL: Type.String(),
  OPERATOR_TEXTS: Type.Optional(OperatorTexts),
  terms: Type.Optional(TermsLinks),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;
