// Every route of the app by its name, from the pages (contract/pages.ts).
// Nothing else spells a route as a string: the server, the stack (Kratos' and
// Hydra's UI URLs) and the tests read them here too.
import { pageFacts, type PageName } from "./pages.js";
import { withQuery, type Query } from "./query.js";

export { withQuery, type Query } from "./query.js";

export const paths = Object.fromEntries(Object.entries(pageFacts).map(([name, page]) => [name, page.path])) as {
  readonly [N in PageName]: (typeof pageFacts)[N]["path"];
};

export type PathName = PageName;

/** The href of a route with its query, e.g. href("login", { aal: "aal2" }). */
export function href(name: PathName, query: Query = {}): string {
  return withQuery(paths[name], query);
}
