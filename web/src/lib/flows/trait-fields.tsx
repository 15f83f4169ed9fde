// The traits' fields of the identity schema a flow edits (GET /api/identity-schemas),
// for the inputs Kratos 1.3.1's nodes describe only in part: an enum becomes a
// select, a const true a checkbox that must be ticked, a length or a bound the
// browser's own validation. The page's first answer comes with the page, so the
// server renders the same fields the browser hydrates.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { useText } from "../i18n/text";
import { apiReads } from "#contract/boot.js";
import type { IdentitySchemas, TraitField } from "#contract/schemas/identity-schemas.js";
import { apiRequest } from "../api-client";
import { takeBootAnswer } from "../boot-data";
import type { KratosFlow } from "../kratos/errors";
import { operatorText } from "../operator-texts";

export type { TraitField };

export function getIdentitySchemas(signal?: AbortSignal): Promise<IdentitySchemas> {
  return apiRequest(apiReads.identitySchemas, { signal });
}

export const identitySchemasQueryOptions = queryOptions({
  queryKey: ["api", "identity-schemas"],
  queryFn: ({ signal }) => getIdentitySchemas(signal),
  initialData: () => takeBootAnswer(apiReads.identitySchemas) as IdentitySchemas | undefined,
  staleTime: 60_000,
});

export type TraitFields = ReadonlyMap<string, TraitField>;

const noFields: TraitFields = new Map();
const TraitFieldsContext = createContext<TraitFields>(noFields);

/** The field of a trait input, when the schema is known. */
export function useTraitField(name: string): TraitField | undefined {
  return useContext(TraitFieldsContext).get(name);
}

/**
 * The schema of an identity by its id (settings, Manage Users); for a new one (registration, which in Kratos
 * 1.3.1 always uses the default schema, whose id the portal is not told) the schema that has every trait the
 * flow asks for.
 */
export function schemaFieldsOf(
  schemas: IdentitySchemas | undefined,
  schemaId: string | undefined,
  traitNames: readonly string[],
): TraitField[] | undefined {
  if (!Array.isArray(schemas?.schemas)) return undefined;
  if (schemaId !== undefined) return schemas.schemas.find((schema) => schema.id === schemaId)?.fields;
  return schemas.schemas.find((schema) => traitNames.every((name) => schema.fields.some((field) => field.name === name)))?.fields;
}

function schemaIdOf(flow: KratosFlow): string | undefined {
  const identity = (flow as { identity?: { schema_id?: unknown } }).identity;
  return typeof identity?.schema_id === "string" ? identity.schema_id : undefined;
}

function traitNamesOf(flow: KratosFlow): string[] {
  return flow.ui.nodes.flatMap((node) =>
    node.attributes.node_type === "input" && node.attributes.name.startsWith("traits.") ? [node.attributes.name] : [],
  );
}

/** The trait fields of what this flow edits, for the flow's inputs inside. */
export function TraitFieldsScope({ flow, children }: { flow: KratosFlow; children: ReactNode }) {
  const { data } = useQuery(identitySchemasQueryOptions);
  const fields = schemaFieldsOf(data, schemaIdOf(flow), traitNamesOf(flow));
  return (
    <TraitFieldsContext.Provider value={fields ? new Map(fields.map((field) => [field.name, field])) : noFields}>
      {children}
    </TraitFieldsContext.Provider>
  );
}

/**
 * What a trait is called in the page's language: the operator's text for `traits.<path>`, else the catalogs'
 * `flows.traits.<path>` (the shipped schema's traits), else the schema's title, else its path.
 */
export function useTraitLabel(): (name: string, title: string | undefined) => string {
  const { t, i18n } = useText();
  return (name, title) => {
    const own = operatorText(i18n.language, name);
    if (own !== undefined) return own;
    const key = `flows.${name}`;
    if (i18n.exists(key)) return t(key as never);
    return title ?? name.slice("traits.".length);
  };
}

/**
 * What an object of traits is called (`traits.address`): the operator's text for its path, else the catalogs'
 * `flows.traitGroups.<path>` (the shipped schema's name), else the schema's title of the object, else its path.
 */
export function useTraitGroupLabel(): (path: string, title: string | undefined) => string {
  const { t, i18n } = useText();
  return (path, title) => {
    const own = operatorText(i18n.language, path);
    if (own !== undefined) return own;
    const key = `flows.traitGroups.${path.slice("traits.".length)}`;
    if (i18n.exists(key)) return t(key as never);
    return title ?? path.slice("traits.".length);
  };
}

/** The traits of one object of the schema (`traits.address.street`, `….city`) under its title. */
export function TraitGroup({ path, children }: { path: string; children: ReactNode }) {
  const fields = useContext(TraitFieldsContext);
  const label = useTraitGroupLabel();
  const title = [...fields.values()].find((field) => field.name.startsWith(`${path}.`))?.groupTitle;
  return (
    <fieldset className="flow-node trait-group mb-3">
      <legend className="trait-group__title">{label(path, title)}</legend>
      {children}
    </fieldset>
  );
}

/** What an option of an enum is called: the operator's text for `traits.<path>.<value>`, else the value. */
export function useOptionLabel(): (name: string, value: string | number | boolean) => string {
  const { i18n } = useText();
  return (name, value) => operatorText(i18n.language, `${name}.${String(value)}`) ?? String(value);
}
