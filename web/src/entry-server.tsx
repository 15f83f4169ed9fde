// The server's first render of a public page, or of a signed-in page whose
// route says so (the server's app page route calls it; Vite builds it into
// dist/ssr/): the same route tree and components as the browser's, so that
// the sign-in form or the account's is in the first answer and works before
// any script arrives (it posts to Kratos natively), and the app then
// hydrates it. React Router's own hydration script is
// inline, which the CSP forbids: hydrate={false}, and the router's state goes
// into the page's JSON instead (bootHydration in lib/boot-data.ts).
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from "react-router-dom";
import type { ServerRender } from "#contract/schemas/app-page.js";
import { AppRoot, createAppQueryClient } from "./app/app-root";
import { pageSourcesOf } from "./app/page-sources";
import { pageTitleOf } from "./app/page-title";
import { isPublicMatch, isServerRenderedMatch } from "./app/route-access";
import { routes } from "./app/routes";
import type { SessionBody } from "./lib/current-session";
import { withServerPage } from "./lib/boot-data";
import { loadLanguage, setLanguageNow } from "./lib/i18n";
import { languageChunkName } from "./lib/i18n/language-chunk";

const handler = createStaticHandler(routes);

export const render: ServerRender["render"] = async (url, origin, boot) => {
  const location = new URL(url, origin);
  const matches = matchRoutes(routes, location) ?? [];
  // The public pages, and the signed-in pages that say so when the page comes with a session (Hydra's consent,
  // verification, Account Settings, Manage Clients);
  // the others (the shell's) are rendered by the browser. The handler loads the code of a lazy route.
  // A person with terms to accept goes to /terms first (session/gate.ts): the browser renders that step.
  const session = boot.session?.status === 200 ? (boot.session.body as SessionBody) : undefined;
  const signedIn = session !== undefined && session.terms_pending === undefined;
  if (!isServerRenderedMatch(matches, signedIn)) return undefined;
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Once an admin's page asked for its texts (its lazy code does, in the query above), this loads them too.
  await loadLanguage(boot.language);
  const {
    rendered: { html, title },
    dates,
  } = withServerPage(boot, origin, () => {
    // Requests share the one i18next: the language is set in the same turn as the render that reads it.
    setLanguageNow(boot.language);
    return {
      html: renderToString(
        <AppRoot queryClient={createAppQueryClient(location)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppRoot>,
      ),
      // The title the shell sets in the browser (a public page keeps the product's name).
      title: isPublicMatch(matches) ? undefined : pageTitleOf(location.pathname),
    };
  });
  return {
    html,
    hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    ...(Object.keys(dates).length > 0 ? { dates } : {}),
    ...(title === undefined ? {} : { title }),
  };
};

export const preloadSources: ServerRender["preloadSources"] = pageSourcesOf;

export const languageChunk: ServerRender["languageChunk"] = languageChunkName;
