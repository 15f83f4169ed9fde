// The reader's explicit choice of light or dark colours: a cookie the app
// writes (web/src/lib/theme-choice/) and the app page reads
// (server/src/routes/app-page.ts), so that the first HTML already carries it
// as data-bs-theme on <html>. No cookie: the colours follow the system.
export const themeCookieName = "portal_theme";

export const explicitThemes = ["light", "dark"] as const;
export type ExplicitTheme = (typeof explicitThemes)[number];

/** The explicit theme a Cookie header (or document.cookie) holds; anything else is no choice. */
export function themeOfCookies(cookies: string | undefined): ExplicitTheme | undefined {
  for (const part of cookies?.split(";") ?? []) {
    const equals = part.indexOf("=");
    if (equals < 0 || part.slice(0, equals).trim() !== themeCookieName) continue;
    const value = part.slice(equals + 1).trim();
    return explicitThemes.find((theme) => theme === value);
  }
  return undefined;
}
