// The reader's explicit choice of light or dark colours: a cookie the app
// writes (web/src/lib/theme-choice/) and the app page reads
// (server/src/routes/app-page.ts), so that the first HTML already carries it
// as data-bs-theme on <html>. No cookie: the colours follow the system.
import { cookieValue } from "./cookies.js";

export const themeCookieName = "portal_theme";

export const explicitThemes = ["light", "dark"] as const;
export type ExplicitTheme = (typeof explicitThemes)[number];

/** The explicit theme a Cookie header (or document.cookie) holds; anything else is no choice. */
export function themeOfCookies(cookies: string | undefined): ExplicitTheme | undefined {
  const value = cookieValue(cookies, themeCookieName);
  return explicitThemes.find((theme) => theme === value);
}
