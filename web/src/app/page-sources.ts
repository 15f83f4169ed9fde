// The source files of a signed-in page's code, as keys of Vite's manifest:
// the server names their built files in the page's start-up data (its `modules`,
// through entry-server.tsx), so that the browser fetches them beside the app
// (web/src/boot.ts) instead of after it. e2e/budget.spec.ts checks that
// /settings gets its files this way. Vite's manifest names a source by its
// path from web/, so a catalog's is ../locales/ and its file there.
import type { Language } from "#contract/languages.js";
import { catalogFile } from "#locales/files.js";
import { shellModule } from "./lazy-shell";
import { manifestKeyOf } from "./on-demand";
import { pageAt } from "./page-registry";

/** The source files of a page's code, the shell's with it, and the catalogs it loads in the page's language. */
export function pageSourcesOf(path: string, language: Language): readonly string[] {
  const page = pageAt(path);
  if (!page?.module) return [];
  return [
    ...(page.shell ? [shellModule, page.module] : [page.module]).map(manifestKeyOf),
    ...(page.catalogs ?? []).map((catalog) => `../locales/${catalogFile(language, catalog)}`),
  ];
}
