// The reader's choice to fold the side menu on a wide screen. It lives in a
// cookie (contract/menu.ts) that the server reads before it renders, so every
// page arrives with the menu as the reader left it; hydration starts from
// what the cookie said then (the page's start-up data), and from then on the
// cookie is the choice. It is also kept where the product's spec keeps it, in
// localStorage under "Collapsed" ("true" folded, "false" not), written with
// the cookie on every change. Choosing here applies at once, in every shell
// of the page.
import { useSyncExternalStore } from "react";
import { collapsedMenu, menuCollapsedOfCookies, menuCookieName } from "#contract/menu.js";
import { bootMenuCollapsed } from "../../lib/boot-data";
import { changeSignal } from "../../lib/change-signal";
import { writePreferenceCookie } from "../../lib/preference-cookie";

const changes = changeSignal();

const currentChoice = () => menuCollapsedOfCookies(document.cookie);

/** The localStorage key the product's spec names for the choice. */
export const storedChoiceKey = "Collapsed";

/** localStorage, or undefined where the browser refuses it (disabled, private mode): the cookie keeps the choice alone. */
function choiceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function storeChoice(collapsed: boolean): void {
  try {
    choiceStorage()?.setItem(storedChoiceKey, String(collapsed));
  } catch {
    // Full or refused: the cookie still keeps the choice.
  }
}

export function useMenuCollapsed(): boolean {
  return useSyncExternalStore(changes.subscribe, currentChoice, bootMenuCollapsed);
}

/** Folds or unfolds the menu, and keeps the choice in the cookie (unfolded, the default, needs none) and the key. */
export function chooseMenuCollapsed(collapsed: boolean): void {
  writePreferenceCookie(menuCookieName, collapsed ? collapsedMenu : undefined);
  storeChoice(collapsed);
  changes.notify();
}

/**
 * Once the app runs, the key and the cookie say the same: a folded menu in the cookie is written into the key
 * (a choice made by a version that kept the cookie alone); a key that says folded where no cookie does (the
 * cookie expired or was cleared, or the earliest versions kept the choice only there) folds the menu again,
 * cookie included, so that the next page comes from the server folded.
 */
export function syncStoredChoice(): void {
  if (currentChoice()) {
    storeChoice(true);
    return;
  }
  let stored: string | null | undefined;
  try {
    stored = choiceStorage()?.getItem(storedChoiceKey);
  } catch {
    return;
  }
  if (stored === "true") chooseMenuCollapsed(true);
}
