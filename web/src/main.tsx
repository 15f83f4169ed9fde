import "./app/bootstrap.scss";
import "./app/app.css";
import "virtual:theme.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter, type HydrationState } from "react-router-dom";
import { AppRoot, createAppQueryClient } from "./app/app-root";
import { FullScreenSpinner } from "./app/pages/full-screen-spinner";
import { preloadPagesWhenIdle } from "./app/lazy-pages";
import { lazyShell } from "./app/lazy-shell";
import { routes } from "./app/routes";
import { bootHydration } from "./lib/boot-data";
import { documentLanguage, loadLanguage, setLanguageNow } from "./lib/i18n";
import { configureKratos } from "./lib/kratos/client";
import { loadRuntimeConfig } from "./lib/runtime-config";

async function start(container: HTMLElement) {
  // A public page comes rendered by the server (its app page, with entry-server.tsx): the app
  // takes over that markup. Any other page starts empty and shows a spinner until its code is there.
  const hydration = bootHydration() as HydrationState | undefined;
  const root = hydration ? undefined : createRoot(container);
  root?.render(<FullScreenSpinner />);
  // The page's language (the server chose it and wrote it on <html lang>): its catalogs came preloaded with the entry.
  const language = documentLanguage();
  const [config] = await Promise.all([loadRuntimeConfig(), loadLanguage(language)]);
  setLanguageNow(language);
  configureKratos(config.KRATOS_PUBLIC_URL);
  const app = (
    <AppRoot queryClient={createAppQueryClient(window.location)}>
      <RouterProvider router={createBrowserRouter(routes, hydration ? { hydrationData: hydration } : {})} />
    </AppRoot>
  );
  if (root) root.render(app);
  else hydrateRoot(container, app);
  preloadPagesWhenIdle(lazyShell);
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
void start(container);
