// The app in the browser, which boot.ts starts once the page has painted.
// Its work is kept in tasks of under 50 ms, so that the server's page answers
// a person (and their typing is kept) while the app takes it over: loading the
// code, the config and catalogs, then hydration in a task of its own, as a
// transition, which React splits into slices of a few milliseconds and which
// it finishes at once where a person clicks or types first.
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter, matchRoutes, type HydrationState } from "react-router-dom";
import { AppRoot, createAppQueryClient } from "./app/app-root";
import { FullScreenSpinner } from "./app/pages/full-screen-spinner";
import { preloadPagesWhenIdle } from "./app/lazy-pages";
import { lazyShell } from "./app/lazy-shell";
import { routes } from "./app/routes";
import { bootHydration, bootLanguage } from "./lib/boot-data";
import { rememberTimeZone } from "./lib/format";
import { loadLanguage, setLanguageNow } from "./lib/i18n";
import { configureKratos } from "./lib/kratos/client";
import { loadRuntimeConfig } from "./lib/runtime-config";

async function start(container: HTMLElement) {
  // A public page, and a signed-in one whose route says so, comes rendered by the server (its app page, with
  // entry-server.tsx): the app takes over that markup. Any other page starts empty and shows a spinner until
  // its code is there.
  const hydration = bootHydration() as HydrationState | undefined;
  const root = hydration ? undefined : createRoot(container);
  root?.render(<FullScreenSpinner />);
  // The page's language, as the server rendered the page in it: its catalogs came preloaded with the entry.
  const language = bootLanguage();
  const [config] = await Promise.all([loadRuntimeConfig(), loadLanguage(language)]);
  setLanguageNow(language);
  configureKratos(config.KRATOS_PUBLIC_URL);
  rememberTimeZone();
  // Code that fails to load here fails again in the router, which shows that page's error.
  if (hydration) await loadLazyMatches().catch(() => undefined);
  const app = (
    <AppRoot queryClient={createAppQueryClient(window.location)}>
      <RouterProvider router={createBrowserRouter(routes, hydration ? { hydrationData: hydration } : {})} />
    </AppRoot>
  );
  // A task of its own: the code's evaluation and the start-up data's reading are behind us.
  await nextTask();
  if (root) root.render(app);
  else
    startTransition(() => {
      hydrateRoot(container, app);
    });
  preloadPagesWhenIdle(lazyShell);
}

/** Ends the current task: what follows runs after the browser handled what is waiting (input, a frame). */
function nextTask(): Promise<void> {
  // scheduler.yield() (Chromium) resumes ahead of other queued tasks; elsewhere a task queued behind them.
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * The server rendered a page whose code loads on demand (the shell's pages, the consent page) with that code:
 * the browser loads it, and what it loads with it (the admins' texts, lazy-pages.ts), before the router
 * starts, so that the router's first render is the server's rather than its fallback.
 */
async function loadLazyMatches() {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter(({ route }) => route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
void start(container);
