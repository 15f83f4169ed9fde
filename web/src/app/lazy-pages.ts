// The pages that are not in the entry bundle: the sign-in page must not wait
// for code only a signed-in user runs. Each loads when its route is visited,
// or before: when the browser is idle after the first render, and when a
// pointer or the keyboard reaches its link in the side menu, so that
// following the link does not wait for the network. The shell, which imports
// preloadPage for its menu, loads through lazy-shell.ts, so that no circle
// runs through here.
import { defaultLanguage, isLanguage, type Language } from "#contract/languages.js";
import { paths } from "#contract/paths.js";
import { pagePathOf } from "#contract/settings-sections.js";
import { catalogLanguage, i18n, loadAdminTexts } from "../lib/i18n";

/** A page's code could not be loaded: usually a deploy replaced the files this page was built with. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super("A page of the app could not be loaded", { cause });
    this.name = "PageLoadError";
  }
}

export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      throw new PageLoadError(error);
    });
}

/** The admins' pages' texts, in the page's language (the i18n catalog's third file). */
const withAdminTexts = async <T>(page: Promise<T>): Promise<T> => {
  const [module] = await Promise.all([page, loadAdminTexts(isLanguage(i18n.language) ? i18n.language : defaultLanguage)]);
  return module;
};

export const lazyPages = {
  verification: onDemand(() => import("../features/auth/pages/verification-page")),
  settings: onDemand(() =>
    Promise.all([
      import("../features/settings"),
      import("../features/sessions"),
      import("../features/connected-apps"),
      import("../features/account"),
    ]),
  ),
  changePassword: onDemand(() => import("../features/settings")),
  manageClients: onDemand(() => withAdminTexts(import("../features/clients"))),
  manageUsers: onDemand(() => withAdminTexts(import("../features/users"))),
  consent: onDemand(() => import("../features/consent/pages/consent-page")),
};

/**
 * The source files of each signed-in page's code, as keys of Vite's manifest: the server names their built
 * files in the page as <link rel="modulepreload"> (entry-server.tsx), so that the browser fetches them with
 * the entry instead of after it. They are the modules `lazyPages` imports, with the shell around them;
 * e2e/budget.spec.ts checks that /settings gets its files this way.
 */
const shellSource = "src/app/shell/shell-layout.tsx";
const pageSources: Partial<Record<string, string[]>> = {
  [paths.verification]: [shellSource, "src/features/auth/pages/verification-page.tsx"],
  [paths.settings]: [
    shellSource,
    "src/features/settings/index.ts",
    "src/features/sessions/index.ts",
    "src/features/connected-apps/index.ts",
    "src/features/account/index.ts",
  ],
  [paths.changePassword]: [shellSource, "src/features/settings/index.ts"],
  [paths.manageClients]: [shellSource, "src/features/clients/index.ts"],
  [paths.manageUsers]: [shellSource, "src/features/users/index.ts"],
  [paths.manageUser]: [shellSource, "src/features/users/index.ts"],
  [paths.consent]: ["src/features/consent/pages/consent-page.tsx"],
};

/** The pages that load the admins' texts with their code (withAdminTexts). */
const adminPages: ReadonlySet<string> = new Set([paths.manageClients, paths.manageUsers, paths.manageUser]);

/** The source files of a page's code, and on an admin's page the admins' texts in the page's language. */
export function pageSourcesOf(path: string, language: Language): readonly string[] {
  const page = pagePathOf(path);
  const sources = pageSources[page] ?? [];
  return adminPages.has(page) ? [...sources, `src/lib/i18n/admin-${catalogLanguage(language)}.ts`] : sources;
}

const byPath: Partial<Record<string, () => Promise<unknown>>> = {
  [paths.verification]: lazyPages.verification,
  [paths.settings]: lazyPages.settings,
  [paths.changePassword]: lazyPages.changePassword,
  [paths.manageClients]: lazyPages.manageClients,
  [paths.manageUsers]: lazyPages.manageUsers,
  [paths.consent]: lazyPages.consent,
};

// A failed preload is not the user's concern yet: visiting the page loads it again and says so if it fails.
const ignore = () => undefined;

/** Starts loading the page of one of the app's paths (the browser loads each file once). */
export function preloadPage(path: string): void {
  byPath[pagePathOf(path)]?.().catch(ignore);
}

/** Loads every lazy page, and what else is named, once the browser has nothing better to do. */
export function preloadPagesWhenIdle(...more: (() => Promise<unknown>)[]): void {
  const preloadAll = () => {
    for (const load of [...more, ...Object.values(lazyPages)]) load().catch(ignore);
  };
  // Safari has no requestIdleCallback.
  if ("requestIdleCallback" in window) window.requestIdleCallback(preloadAll, { timeout: idleTimeoutMs });
  else setTimeout(preloadAll, fallbackDelayMs);
}

/** The longest the preload waits for an idle moment on a busy page. */
const idleTimeoutMs = 3000;
/** Without requestIdleCallback: late enough that the first render and its requests went first. */
const fallbackDelayMs = 1000;
