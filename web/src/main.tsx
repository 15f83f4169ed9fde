import "./app/bootstrap.scss";
import "./app/app.css";
import "./lib/i18n";
import { StrictMode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter, matchRoutes } from "react-router-dom";
import { FullScreenSpinner } from "./app/pages/full-screen-spinner";
import { createQueryClient } from "./lib/query-client";
import { preloadPagesWhenIdle } from "./app/lazy-pages";
import { lazyShell } from "./app/lazy-shell";
import { isPublicMatch } from "./app/route-access";
import { routes } from "./app/routes";
import { sessionOutcome, sessionQueryOptions } from "./app/session/get-session";
import { takeBootSession } from "./lib/boot-data";
import { configureKratos } from "./lib/kratos/client";
import { loadRuntimeConfig } from "./lib/runtime-config";
import { applyTheme } from "./lib/theme";

async function start(container: HTMLElement) {
  applyTheme(document.documentElement);
  const root = createRoot(container);
  root.render(<FullScreenSpinner />);
  configureKratos((await loadRuntimeConfig()).KRATOS_PUBLIC_URL);
  const queryClient = createQueryClient();
  seedSessionCheck(queryClient);
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </QueryClientProvider>
    </StrictMode>,
  );
  preloadPagesWhenIdle(lazyShell);
}

/** The session check's answer that came with the page: the gate decides at once, without asking again. */
function seedSessionCheck(queryClient: QueryClient): void {
  const answer = takeBootSession();
  if (!answer) return;
  const routeKind = isPublicMatch(matchRoutes(routes, window.location) ?? []) ? "public" : "private";
  queryClient.setQueryData(sessionQueryOptions(routeKind).queryKey, sessionOutcome(answer.status, answer.body));
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
void start(container);
