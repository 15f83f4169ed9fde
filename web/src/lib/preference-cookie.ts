// A reader's preference that the server reads before it renders the next page (the language, the theme,
// the folded side menu): a cookie the app writes, so not HttpOnly; sent with every page of the portal
// (Path=/), kept a year, which is long enough to be a setting and within every browser's cap on cookie
// lifetimes; Lax, since following a link to the portal should show it as the reader left it; Secure where
// the page is.

const aYear = 365 * 24 * 60 * 60;

/** Keeps the value under the name, or with undefined forgets it (the default needs no cookie). */
export function writePreferenceCookie(name: string, value: string | undefined): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    value === undefined
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${name}=${value}; Path=/; Max-Age=${aYear}; SameSite=Lax${secure}`;
}
