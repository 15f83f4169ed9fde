// The traits an operator lists in Manage Users' search results, beside the
// email and name: those their identity schemas mark `"x-account-portal": {
// "list": true }` (docs/identity-schema.md), in the schemas' order.
import { useQuery } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { useText } from "../../../lib/i18n/text";
import { identitySchemasQueryOptions, useOptionLabel, useTraitLabel, type TraitField } from "../../../lib/flows/trait-fields";
import type { User } from "../api/user-types";

/** A trait's value by its path (`traits.address.city`). */
function valueAt(traits: Record<string, unknown>, name: string): unknown {
  return name
    .split(".")
    .slice(1)
    .reduce<unknown>(
      (value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined),
      traits,
    );
}

export function useListedTraits(): { columns: string[]; cells: (user: User) => ReactElement[] } {
  const { t } = useText();
  const label = useTraitLabel();
  const optionLabel = useOptionLabel();
  const { data } = useQuery(identitySchemasQueryOptions);
  const listed = new Map<string, TraitField>();
  for (const schema of data?.schemas ?? [])
    for (const field of schema.fields) if (field.list && !listed.has(field.name)) listed.set(field.name, field);
  const fields = [...listed.values()];
  const show = (field: TraitField, value: unknown) => {
    if (typeof value === "boolean") return value ? t("users.yes") : t("users.no");
    if (typeof value !== "string" && typeof value !== "number") return t("common.none");
    if (value === "") return t("common.none");
    return field.enum?.includes(value) ? optionLabel(field.name, value) : String(value);
  };
  return {
    columns: fields.map((field) => label(field.name, field.title)),
    cells: (user) =>
      fields.map((field) => (
        <td key={field.name} data-label={label(field.name, field.title)}>
          {show(field, valueAt(user.traits, field.name))}
        </td>
      )),
  };
}
