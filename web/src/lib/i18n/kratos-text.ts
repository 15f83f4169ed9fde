// Kratos' texts (labels, messages) through the catalog, which words every id
// Kratos sends; Kratos' own text only for an id the catalog does not know.
import type { UiText } from "@ory/client-fetch";
import { useCallback } from "react";
import { useText } from "./text";

export type KratosTextOf = (text: UiText, group?: string) => string;

/** Kratos' context as interpolation values: its timestamps (…_at) as dates, so the catalog can format them. */
function valuesOf(context: object | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context ?? {})) {
    const date = key.endsWith("_at") && typeof value === "string" ? new Date(value) : undefined;
    values[key] = date && !Number.isNaN(date.getTime()) ? date : value;
  }
  return values;
}

/**
 * Kratos' reason when its breach check could not ask the range service and, told not to ignore that
 * (ignore_network_errors: false), refuses the password with 4000005: its validator's ErrNetworkFailure or
 * ErrUnexpectedStatusCode, with the service's address. Never shown: the catalog's `breachCheck` words instead.
 */
const breachCheckFailure = /unable to check if password has been leaked|unexpected status code/;

/** The catalog's keys for a text, the most specific first. */
export function kratosTextKeys(text: UiText, group?: string): string[] {
  const reason = (text.context as { reason?: unknown } | undefined)?.reason;
  const specific = text.id === 4000005 && typeof reason === "string" && breachCheckFailure.test(reason) ? "breachCheck" : group;
  return specific ? [`${specific}.${text.id}`, String(text.id)] : [String(text.id)];
}

export function useKratosText(): KratosTextOf {
  const { kratosT: t } = useText();
  return useCallback(
    (text, group) => {
      const keys = kratosTextKeys(text, group);
      // `replace` keeps Kratos' context apart from i18next's own options (count, context, …).
      return t(keys as never, { defaultValue: text.text, replace: valuesOf(text.context) });
    },
    [t],
  );
}
