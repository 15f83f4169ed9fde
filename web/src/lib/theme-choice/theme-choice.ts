// The reader's choice of colours: light, dark, or as the system prefers (the
// default). An explicit choice lives in a cookie (contract/theme.ts) that the
// server reads before it renders, so every page arrives in the chosen colours;
// "as my system" is no cookie, and the stylesheet follows the system by itself.
// Choosing here applies at once, without a reload.
import { useSyncExternalStore } from "react";
import { themeCookieName, type ExplicitTheme } from "#contract/theme.js";
import { bootTheme } from "../boot-data";
import { changeSignal } from "../change-signal";
import { writePreferenceCookie } from "../preference-cookie";

export type ThemeChoice = ExplicitTheme | "system";

export const themeChoices: readonly ThemeChoice[] = ["system", "light", "dark"];

let chosen: ThemeChoice | undefined;
const changes = changeSignal();

/** This page's choice: the one made here, else the one the page came with (the server's render sees the same). */
function currentChoice(): ThemeChoice {
  return chosen ?? bootTheme() ?? "system";
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(changes.subscribe, currentChoice, currentChoice);
}

export function chooseTheme(choice: ThemeChoice): void {
  chosen = choice;
  const root = document.documentElement;
  if (choice === "system") delete root.dataset.bsTheme;
  else root.dataset.bsTheme = choice;
  writePreferenceCookie(themeCookieName, choice === "system" ? undefined : choice);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", choice === "system" ? "light dark" : choice);
  changes.notify();
}
