// The identity schemas Kratos holds, read through its API and turned into the
// traits' fields (contract/schemas/identity-schemas.ts). Kratos reads them
// from its configuration at start, so an answer is kept for a minute: a page
// asks for them on every registration and settings form.
import type { IdentityApi } from "@ory/client";
import type { IdentitySchemas, TraitField } from "#contract/schemas/identity-schemas.js";
import { callUpstream } from "../upstream/call.js";

export interface KratosSchemas {
  /** Every schema's traits; throws an UpstreamError when Kratos does not answer. */
  traitFields(): Promise<IdentitySchemas>;
}

const keepMs = 60_000;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";
const fieldTypes = new Set<TraitField["type"]>(["string", "number", "integer", "boolean"]);

/** A local `$ref` (`#/definitions/…`) followed within the schema; any other is left as it is. */
function resolve(root: JsonObject, node: unknown, depth = 0): JsonObject | undefined {
  if (!isObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/") || depth > 8) return node;
  let target: unknown = root;
  for (const key of ref.slice(2).split("/")) target = isObject(target) ? target[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return resolve(root, target, depth + 1);
}

function typeOf(node: JsonObject): TraitField["type"] | undefined {
  const type: unknown = Array.isArray(node.type) ? (node.type as unknown[]).find((entry) => entry !== "null") : node.type;
  if (typeof type === "string" && fieldTypes.has(type as TraitField["type"])) return type as TraitField["type"];
  if (node.const !== undefined) return typeof node.const === "boolean" ? "boolean" : typeof node.const === "number" ? "number" : "string";
  return undefined;
}

/** The portal's keyword on a trait: `{ "terms": true }` marks the terms' checkbox, `{ "list": true }` a column of Manage Users' search. */
export const portalKeyword = "x-account-portal";

const integerOf = (value: unknown) => (Number.isInteger(value) ? (value as number) : undefined);
const numberOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const stringOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The leaf traits of one schema, in its order; arrays and free-form objects have no field of their own. */
export function traitFieldsOf(schema: unknown): TraitField[] {
  if (!isObject(schema)) return [];
  const fields: TraitField[] = [];
  const walk = (node: JsonObject, prefix: string, groupTitle: string | undefined) => {
    const properties = node.properties;
    if (!isObject(properties)) return;
    const required = new Set(Array.isArray(node.required) ? node.required.filter((name) => typeof name === "string") : []);
    for (const [key, raw] of Object.entries(properties)) {
      const property = resolve(schema, raw);
      if (!property) continue;
      const name = `${prefix}.${key}`;
      if (property.type === "object" || isObject(property.properties)) {
        walk(property, name, stringOf(property.title) ?? groupTitle);
        continue;
      }
      const type = typeOf(property);
      if (!type) continue;
      const values = Array.isArray(property.enum) ? property.enum.filter(isScalar) : undefined;
      const field: TraitField = { name, type, required: required.has(key) };
      const title = stringOf(property.title);
      if (title !== undefined) field.title = title;
      if (groupTitle !== undefined && prefix !== "traits") field.groupTitle = groupTitle;
      if (values && values.length > 0) field.enum = values;
      if (isScalar(property.const)) field.const = property.const;
      const format = stringOf(property.format);
      if (format !== undefined) field.format = format;
      const pattern = stringOf(property.pattern);
      if (pattern !== undefined) field.pattern = pattern;
      const minLength = integerOf(property.minLength);
      if (minLength !== undefined) field.minLength = minLength;
      const maxLength = integerOf(property.maxLength);
      if (maxLength !== undefined) field.maxLength = maxLength;
      const minimum = numberOf(property.minimum);
      if (minimum !== undefined) field.minimum = minimum;
      const maximum = numberOf(property.maximum);
      if (maximum !== undefined) field.maximum = maximum;
      // The portal's own keyword (docs/identity-schema.md), which JSON Schema and Kratos leave alone.
      const portal = isObject(property[portalKeyword]) ? property[portalKeyword] : {};
      if (portal.terms === true && type === "boolean") field.terms = true;
      if (portal.list === true) field.list = true;
      fields.push(field);
    }
  };
  const traits = resolve(schema, isObject(schema.properties) ? schema.properties.traits : undefined);
  if (traits) walk(traits, "traits", undefined);
  return fields;
}

export function kratosSchemas(api: IdentityApi, now: () => number = Date.now): KratosSchemas {
  let kept: { at: number; answer: Promise<IdentitySchemas> } | undefined;
  return {
    traitFields() {
      if (kept && now() - kept.at < keepMs) return kept.answer;
      const answer = callUpstream("kratos", "listIdentitySchemas", async () => (await api.listIdentitySchemas({ perPage: 100 })).data).then(
        (containers) => ({ schemas: containers.map(({ id, schema }) => ({ id, fields: traitFieldsOf(schema) })) }),
      );
      kept = { at: now(), answer };
      // A failure is not kept: the next page asks Kratos again.
      answer.catch(() => {
        if (kept?.answer === answer) kept = undefined;
      });
      return answer;
    },
  };
}
