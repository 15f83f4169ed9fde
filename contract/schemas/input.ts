// What a caller sends the portal (a body, a query string, path parameters):
// objects of the named fields only. The server's Ajv coerces no type and
// removes nothing (server/src/app.ts), so an unknown field is refused
// (400 invalid_fields, `unknown_field`) rather than dropped in silence, and
// each field is read in one type only. server/test/routes/request-schemas.test.ts
// walks every route and holds each request schema to this.
import { Type, type ObjectOptions, type TObject, type TProperties } from "@sinclair/typebox";

/** An object of these fields and no other. */
export const Input = <T extends TProperties>(properties: T, options: ObjectOptions = {}): TObject<T> =>
  Type.Object(properties, { ...options, additionalProperties: false });

/**
 * A whole number in a query string. A query's values are text, and no type
 * is coerced, so it is checked as digits here and read (with its bounds) by
 * the route (routes/api/query.ts).
 */
export const QueryInteger = Type.String({ pattern: "^[0-9]{1,6}$" });
