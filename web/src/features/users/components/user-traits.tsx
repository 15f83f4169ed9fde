// Every trait of a person's account, named as their identity schema names it:
// an operator's schema may hold more than the email and name the list shows.
import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import {
  identitySchemasQueryOptions,
  schemaFieldsOf,
  useOptionLabel,
  useTraitGroupLabel,
  useTraitLabel,
} from "../../../lib/flows/trait-fields";
import type { User } from "../api/user-types";

/** The traits as leaf paths (`traits.name.first`) with their values, in the order the account holds them. */
function leavesOf(value: unknown, path: string): [string, unknown][] {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => leavesOf(inner, `${path}.${key}`));
  }
  return [[path, value]];
}

/** The object a nested trait is in (`traits.address.city`: `traits.address`); undefined for a trait of its own. */
const objectOf = (name: string) => (name.lastIndexOf(".") > "traits".length ? name.slice(0, name.lastIndexOf(".")) : undefined);

/** The names in order, those of one object that follow each other together. */
function runsOf(names: readonly string[]): { object: string | undefined; names: string[] }[] {
  const runs: { object: string | undefined; names: string[] }[] = [];
  for (const name of names) {
    const object = objectOf(name);
    const last = runs.at(-1);
    if (object !== undefined && last?.object === object) last.names.push(name);
    else runs.push({ object, names: [name] });
  }
  return runs;
}

export function UserTraits({ user }: { user: User }) {
  const { t } = useText();
  const label = useTraitLabel();
  const optionLabel = useOptionLabel();
  const groupLabel = useTraitGroupLabel();
  const { data } = useQuery(identitySchemasQueryOptions);
  const fields = schemaFieldsOf(data, user.schema_id, []) ?? [];
  const leaves = new Map(leavesOf(user.traits, "traits"));
  // The schema's order first, then whatever the account holds beyond it.
  const names = [
    ...fields.map((field) => field.name).filter((name) => leaves.has(name)),
    ...[...leaves.keys()].filter((name) => !fields.some((field) => field.name === name)),
  ];
  const show = (name: string, value: unknown) => {
    if (typeof value === "boolean") return value ? t("users.yes") : t("users.no");
    if (value === null || value === undefined || value === "") return t("common.none");
    if (typeof value !== "string" && typeof value !== "number") return JSON.stringify(value);
    // An option of an enum as the forms name it.
    return fields.find((field) => field.name === name)?.enum?.includes(value) ? optionLabel(name, value) : String(value);
  };
  return (
    <SectionCard title={t("users.traits.title")} description={t("users.traits.description")} width="wide">
      <dl className="row small mb-0">
        {runsOf(names).map(({ object, names: inRun }) => {
          const rows = inRun.map((name) => (
            <Fragment key={name}>
              <dt className={object === undefined ? "col-sm-4" : "col-sm-4 ps-4"}>
                {label(name, fields.find((field) => field.name === name)?.title)}
              </dt>
              <dd className="col-sm-8 text-break">{show(name, leaves.get(name))}</dd>
            </Fragment>
          ));
          if (object === undefined) return rows;
          // An object of the schema (an address): its title, then its traits below it, set in.
          const title = fields.find((field) => field.name.startsWith(`${object}.`))?.groupTitle;
          return (
            <Fragment key={object}>
              <dt className="col-12">{groupLabel(object, title)}</dt>
              {rows}
            </Fragment>
          );
        })}
      </dl>
    </SectionCard>
  );
}
