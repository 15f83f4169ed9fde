// The route tree of the SPA, made from the page registry (page-registry.ts). Public
// pages render on their own; every other page needs a session and renders
// inside the shell (header and side menu), except Hydra's consent page: it needs a
// session, but stands alone like /login, so the gate sends a signed-out user
// to sign in and back. An address that is no page's shows "not found" to
// everyone, inside the shell for a signed-in visitor: a public route, which
// the server renders (and answers with a 404). The routes read an address as
// the server does (contract/pages.ts, isPagePath): letter case counts, and a
// page with sections shows "not found" below its path where no section is. A
// route's handle stays on the route object, outside its lazy part, so that
// matchRoutes knows a public route before anything loads.
import { useContext, type ComponentType, type ReactNode } from "react";
import { useLocation, type RouteObject } from "react-router-dom";
import { isPagePath } from "#contract/pages.js";
import { CurrentSessionContext } from "../lib/current-session";
import { loadPage } from "./lazy-pages";
import { lazyShell } from "./lazy-shell";
import { pageList, routePathOf, type Page } from "./page-registry";
import { FullScreenSpinner } from "./pages/full-screen-spinner";
import { NotFoundPage } from "./pages/not-found-page";
import { RouteErrorPage } from "./pages/route-error-page";
import { PublicLayout } from "./public-layout";
import { RequireRole } from "./require-role";
import { RootLayout } from "./root-layout";
import { publicRoute, serverRenderedRoute } from "./route-access";

/** "Not found" in the shell for a signed-in visitor, else on its own like the other public pages. */
function notFoundLayout(ShellLayout: ComponentType): ComponentType {
  return function NotFoundLayout() {
    return useContext(CurrentSessionContext) ? <ShellLayout /> : <PublicLayout />;
  };
}

/** The page's sections, or "not found" at an address below it that is no section's, which the server answers with a 404. */
function SectionAddress({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isPagePath(pathname) ? children : <NotFoundPage />;
}

function routeOf(page: Page): RouteObject {
  const access = page.access === "public" ? publicRoute : page.serverRendered ? serverRenderedRoute : undefined;
  const handle = page.termsPending ? { ...access, termsPending: page.termsPending } : access;
  const shown = (Component: ComponentType): Pick<RouteObject, "element"> => {
    const allowed = page.role ? (
      <RequireRole role={page.role}>
        <Component />
      </RequireRole>
    ) : (
      <Component />
    );
    return { element: page.sections ? <SectionAddress>{allowed}</SectionAddress> : allowed };
  };
  return {
    path: routePathOf(page),
    // /LOGIN is no page's address, on the server as here.
    caseSensitive: true,
    ...(handle ? { handle } : {}),
    ...(page.module ? { lazy: async () => shown(await loadPage(page)) } : shown(page.Component)),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // What shows while the code of the first page loads, where that page is not in the entry bundle.
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { element: <PublicLayout />, children: pageList.filter((page) => !page.shell).map(routeOf) },
      {
        lazy: async () => ({ Component: await lazyShell() }),
        children: pageList.filter((page) => page.shell).map(routeOf),
      },
      {
        lazy: async () => ({ Component: notFoundLayout(await lazyShell()) }),
        children: [{ path: "*", handle: publicRoute, element: <NotFoundPage /> }],
      },
    ],
  },
];
