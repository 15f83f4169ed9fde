// The pages that are not in the entry bundle (page-registry.ts: `module`) load when
// their route is visited, or before: when the browser is idle after the first
// render, and when a pointer or the keyboard reaches a link of the side menu,
// so that following it does not wait for the network.
import type { ComponentType } from "react";
import { defaultLanguage, isLanguage } from "#contract/languages.js";
import { i18n, loadAdminTexts } from "../lib/i18n";
import { whenIdle } from "../lib/when-idle";
import { loadModule } from "./on-demand";
import { pageList, pageAt, type Page } from "./page-registry";

/** A page's component with the catalogs it needs, in the page's language. */
export async function loadPage(page: Page): Promise<ComponentType> {
  if (!page.module) return page.Component;
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const [component] = await Promise.all([loadModule(page.module), page.catalogs?.includes("admin") ? loadAdminTexts(language) : undefined]);
  return component;
}

// A failed preload is not the user's concern yet: visiting the page loads it again and says so if it fails.
const ignore = () => undefined;

/** Starts loading the page of one of the app's paths (the browser loads each file once). */
export function preloadPage(path: string): void {
  const page = pageAt(path);
  if (page?.module) loadPage(page).catch(ignore);
}

/** Loads every lazy page, and what else is named, once the browser has nothing better to do. */
export function preloadPagesWhenIdle(...more: (() => Promise<unknown>)[]): void {
  const preloadAll = () => {
    for (const load of more) load().catch(ignore);
    for (const page of pageList) if (page.module) loadPage(page).catch(ignore);
  };
  whenIdle(preloadAll, { timeoutMs: idleTimeoutMs, fallbackMs: fallbackDelayMs });
}

/** The longest the preload waits for an idle moment on a busy page. */
const idleTimeoutMs = 3000;
/** Without requestIdleCallback: late enough that the first render and its requests went first. */
const fallbackDelayMs = 1000;
