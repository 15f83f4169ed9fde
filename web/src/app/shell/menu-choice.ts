// The reader's choice to fold the side menu on a wide screen. It lives in a
// cookie (contract/menu.ts) that the server reads before it renders, so every
// page arrives with the menu as the reader left it; hydration starts from
// what the cookie said then (the page's start-up data), and from then on the
// cookie is the choice. Choosing here applies at once, in every shell of the
// page.
import { useSyncExternalStore } from "react";
import { collapsedMenu, menuCollapsedOfCookies, menuCookieName } from "#contract/menu.js";
import { bootMenuCollapsed } from "../../lib/boot-data";
import { changeSignal } from "../../lib/change-signal";
import { writePreferenceCookie } from "../../lib/preference-cookie";

const changes = changeSignal();

const currentChoice = () => menuCollapsedOfCookies(document.cookie);

export function useMenuCollapsed(): boolean {
  return useSyncExternalStore(changes.subscribe, currentChoice, bootMenuCollapsed);
}

/** Folds or unfolds the menu, and keeps the choice; unfolded, the default, needs no cookie. */
export function chooseMenuCollapsed(collapsed: boolean): void {
  writePreferenceCookie(menuCookieName, collapsed ? collapsedMenu : undefined);
  changes.notify();
}

const storedChoiceKey = "Collapsed";

/**
 * Before the cookie, the app kept the choice in localStorage under "Collapsed" (the key the product's spec
 * names), which no server can read. A browser that still holds it moves it into the cookie once, on the first
 * page the app runs after the update, and forgets the key. A cookie already there is the newer choice.
 */
export function adoptStoredChoice(storage?: Storage): void {
  try {
    const store = storage ?? window.localStorage;
    const stored = store.getItem(storedChoiceKey);
    if (stored === null) return;
    store.removeItem(storedChoiceKey);
    if (stored === "true" && !currentChoice()) chooseMenuCollapsed(true);
  } catch {
    // Storage unavailable (disabled, private mode): nothing can have been kept there.
  }
}
