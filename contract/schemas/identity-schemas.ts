// GET /api/identity-schemas: the traits of each identity schema Kratos holds, as
// the forms need them. Kratos 1.3.1's UI nodes carry a trait's type, title,
// pattern and whether it is required, but not an enum's options, a const, a
// length or a bound (ui/node/attributes_input.go); the server reads those from
// the schema itself (server/src/services/kratos-schemas.ts).
import { Type, type Static } from "@sinclair/typebox";

const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

export const TraitField = Type.Object({
  /** The node's name: `traits.company`, `traits.name.first`. */
  name: Type.String(),
  type: Type.Union([Type.Literal("string"), Type.Literal("number"), Type.Literal("integer"), Type.Literal("boolean")]),
  /** The schema's title, the label when the catalogs have no `traits.<path>` of their own. */
  title: Type.Optional(Type.String()),
  /** The title of the object the trait is in, for a nested trait (`traits.name.first`: the name's). */
  groupTitle: Type.Optional(Type.String()),
  required: Type.Boolean(),
  enum: Type.Optional(Type.Array(Scalar)),
  const: Type.Optional(Scalar),
  format: Type.Optional(Type.String()),
  pattern: Type.Optional(Type.String()),
  minLength: Type.Optional(Type.Integer()),
  maxLength: Type.Optional(Type.Integer()),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  /** The checkbox that accepts the terms of service (`"x-account-portal": { "terms": true }` on a boolean trait). */
  terms: Type.Optional(Type.Literal(true)),
  /** Shown in Manage Users' search results (`"x-account-portal": { "list": true }`). */
  list: Type.Optional(Type.Literal(true)),
});
export type TraitField = Static<typeof TraitField>;

export const IdentitySchemas = Type.Object({
  schemas: Type.Array(Type.Object({ id: Type.String(), fields: Type.Array(TraitField) })),
});
export type IdentitySchemas = Static<typeof IdentitySchemas>;
