// Dates as the user's language writes them.
import { isTimeZone, timeZoneCookieName, timeZoneOfCookies } from "#contract/time-zone.js";
import { bootTimeZone, pageDate } from "./boot-data";
import { i18n } from "./i18n";
import { writePreferenceCookie } from "./preference-cookie";
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

/**
 * A date of a component the server renders too, as the page's first render writes it. The server writes it in the
 * reader's language and zone (the zone's cookie, which the app sets: rememberTimeZone; UTC on a first visit) and
 * hands its text to the browser with the page (boot-data.ts: pageDate), since Node's and the browser's Intl may
 * word a date differently and hydration needs the browser's first render to be the server's. A date the server
 * did not write (none should be) reads as ISO 8601 writes it in UTC, the same text wherever it is made.
 */
function firstRenderDate(kind: "date" | "dateTime", iso: When, options: Intl.DateTimeFormatOptions): string {
  const date = dateOf(iso);
  if (!date) return i18n.t("common.none");
  const made = pageDate(`${kind} ${date.toISOString()}`, () => serverFormat(kind, bootTimeZone() ?? "UTC", options).format(date));
  if (made !== undefined) return made;
  const utc = date.toISOString();
  // With spaces (RFC 3339's reading form), so that a narrow table's column can wrap it.
  return kind === "date" ? utc.slice(0, 10) : `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`;
}

/**
 * The server's formats, by kind, language and zone: a table of a hundred dates makes one, not a hundred. A zone is
 * any the cookie names: a few dozen formats at most are kept.
 */
const serverFormats = new Map<string, Intl.DateTimeFormat>();

function serverFormat(kind: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind} ${i18n.language} ${timeZone}`;
  let made = serverFormats.get(key);
  if (!made) {
    if (serverFormats.size >= 48) serverFormats.clear();
    made = new Intl.DateTimeFormat(i18n.language, { ...options, timeZone });
    serverFormats.set(key, made);
  }
  return made;
}

const firstRenderDay = (iso: When) => firstRenderDate("date", iso, { dateStyle: "medium" });
const firstRenderDateTime = (iso: When) => firstRenderDate("dateTime", iso, { dateStyle: "medium", timeStyle: "short" });

/**
 * formatDate for a component the server renders too: the server's text in the first render, then the browser's,
 * which is the same where the two agree on the reader's zone and words, so that nothing on the page moves.
 */
export function useFormatDate(): (iso: When) => string {
  return useHydrated() ? formatDate : firstRenderDay;
}

/** formatDateTime for a component the server renders too, as useFormatDate. */
export function useFormatDateTime(): (iso: When) => string {
  return useHydrated() ? formatDateTime : firstRenderDateTime;
}

/** Tells the server the reader's zone, for the dates of the pages it renders next (contract/time-zone.ts). */
export function rememberTimeZone(): void {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isTimeZone(zone) || timeZoneOfCookies(document.cookie) === zone) return;
  writePreferenceCookie(timeZoneCookieName, zone);
}
