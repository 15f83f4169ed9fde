// Dates as the user's language writes them.
import { i18n } from "./i18n";

export function formatDateTime(iso: string | null | undefined): string {
  return format(iso, { dateStyle: "medium", timeStyle: "short" });
}

export function formatDate(iso: string | null | undefined): string {
  return format(iso, { dateStyle: "medium" });
}

function format(iso: string | null | undefined, options: Intl.DateTimeFormatOptions): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return i18n.t("common.none");
  return new Intl.DateTimeFormat(i18n.language, options).format(date);
}
