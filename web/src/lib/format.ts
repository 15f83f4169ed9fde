// Dates as the user's language writes them.
import { i18n } from "./i18n";
import { useHydrated } from "./use-hydrated";

/** A time as the API sent it (ISO 8601), or as @ory/client-fetch parsed it (a Date). */
type When = string | Date | null | undefined;

export function formatDateTime(iso: When): string {
  return format(iso, { dateStyle: "medium", timeStyle: "short" });
}

export function formatDate(iso: When): string {
  return format(iso, { dateStyle: "medium" });
}

function format(iso: When, options: Intl.DateTimeFormatOptions): string {
  const date = dateOf(iso);
  if (!date) return i18n.t("common.none");
  return new Intl.DateTimeFormat(i18n.language, options).format(date);
}

function dateOf(iso: When): Date | undefined {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** The day as ISO 8601 writes it, in UTC: the same text wherever it is made. */
function isoDate(iso: When): string {
  return dateOf(iso)?.toISOString().slice(0, 10) ?? i18n.t("common.none");
}

/**
 * formatDate for a component the server renders too. The server knows neither the reader's time zone nor the
 * browser's date formats (Node's and Chromium's ICU differ), and hydration needs the browser's first render to
 * be the server's: until the app runs, a date reads as ISO 8601 writes it in UTC; then as the reader's.
 */
export function useFormatDate(): (iso: When) => string {
  return useHydrated() ? formatDate : isoDate;
}

/**
 * The time to the minute in UTC, the day as ISO 8601 writes it: the same text wherever it is made. With spaces
 * (RFC 3339's reading form), so that a narrow table's column can wrap it: as one word it held a phone's
 * Devices and activity 89 px wider than the screen until the app ran.
 */
function isoDateTime(iso: When): string {
  const date = dateOf(iso)?.toISOString();
  return date ? `${date.slice(0, 10)} ${date.slice(11, 16)} UTC` : i18n.t("common.none");
}

/** formatDateTime for a component the server renders too, as useFormatDate. */
export function useFormatDateTime(): (iso: When) => string {
  return useHydrated() ? formatDateTime : isoDateTime;
}
