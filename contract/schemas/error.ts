// The one shape of every 4xx and 5xx the portal answers, declared once: each
// route spreads errorResponses into its response schema.
import { Type, type Static } from "@sinclair/typebox";

/** Stable codes for the cases the SPA must tell apart; the message alone is for people. */
export const errorCodes = ["not_signed_in", "aal2_required", "role_required", "other_account", "rate_limited"] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const FieldError = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldError = Static<typeof FieldError>;

export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.Union(errorCodes.map((code) => Type.Literal(code)))),
  /** A 400's problems, each at the field it names; the message repeats the first. */
  errors: Type.Optional(Type.Array(FieldError)),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Whatever error a route answers, it has this shape. */
export const errorResponses = { "4xx": ErrorBody, "5xx": ErrorBody };
