// Dates as the user's language writes them.
import { i18n } from "./i18n";

/** A time as the API sent it (ISO 8601), or as @ory/client-fetch parsed it (a Date). */
type When = string | Date | null | undefined;

export function formatDateTime(iso: When): string {
  return format(iso, { dateStyle: "medium", timeStyle: "short" });
}

export function formatDate(iso: When): string {
  return format(iso, { dateStyle: "medium" });
}

function format(iso: When, options: Intl.DateTimeFormatOptions): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return i18n.t("common.none");
  return new Intl.DateTimeFormat(i18n.language, options).format(date);
}
