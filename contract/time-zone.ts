// The reader's time zone: a cookie the app writes once it runs
// (web/src/lib/format.ts) and the app page reads (server/src/routes/app-page.ts),
// so that the next page's dates come from the server in the reader's zone,
// and the app, taking the page over, has no date to rewrite (the columns of a
// table would move under the reader's pointer). No cookie (a first visit):
// UTC, until the app runs.
import { cookieValue } from "./cookies.js";

export const timeZoneCookieName = "portal_time_zone";

/** An IANA zone name as a cookie may carry it: Region/City, Etc/GMT+5, UTC. */
const zoneName = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** Whether the runtime's Intl knows the zone (a name it does not know would make every date throw). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !zoneName.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone a Cookie header (or document.cookie) names, if Intl knows it; anything else is none. */
export function timeZoneOfCookies(cookies: string | undefined): string | undefined {
  const value = cookieValue(cookies, timeZoneCookieName);
  return value !== undefined && isTimeZone(value) ? value : undefined;
}
