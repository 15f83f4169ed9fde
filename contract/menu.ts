// The reader's choice to fold the side menu (on a screen wider than a
// phone's): a cookie the app writes (web/src/app/shell/menu-choice.ts) and
// the app page reads (server/src/routes/app-page.ts), so that the first HTML
// already has the menu as the reader left it, and hydration meets the same
// tree. No cookie: expanded.
import { cookieValue } from "./cookies.js";

export const menuCookieName = "portal_menu";

/** The cookie's one value: any other is no choice. */
export const collapsedMenu = "collapsed";

/** Whether a Cookie header (or document.cookie) says the menu is folded. */
export function menuCollapsedOfCookies(cookies: string | undefined): boolean {
  return cookieValue(cookies, menuCookieName) === collapsedMenu;
}
