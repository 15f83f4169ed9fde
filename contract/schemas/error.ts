// The one shape of every 4xx and 5xx the portal answers, declared once: each
// route spreads errorResponses into its response schema. Codes, never words:
// the app says what each means (contract/errors.ts).
import { Type, type Static } from "@sinclair/typebox";
import { errorCodes, fieldErrorCodes } from "../errors.js";

export const FieldError = Type.Object({
  /** The top-level field of the body or query, e.g. redirect_uris. */
  field: Type.String(),
  code: Type.Union(fieldErrorCodes.map((code) => Type.Literal(code))),
  /** The bound the value missed (characters, values or a number). */
  limit: Type.Optional(Type.Number()),
  /** The value that is wrong, where the field holds several (a redirect URI). */
  value: Type.Optional(Type.String()),
  /** The values allowed, or the ones refused. */
  values: Type.Optional(Type.Array(Type.String())),
});
export type FieldError = Static<typeof FieldError>;

export const ErrorBody = Type.Object({
  code: Type.Union(errorCodes.map((code) => Type.Literal(code))),
  /** invalid_fields: each problem at the field it names. */
  errors: Type.Optional(Type.Array(FieldError)),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Whatever error a route answers, it has this shape. */
export const errorResponses = { "4xx": ErrorBody, "5xx": ErrorBody };
