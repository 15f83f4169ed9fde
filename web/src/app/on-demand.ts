// The modules that load on demand, out of the entry bundle: the files of
// lazy-modules/, the shell and each page that is not in it (page-registry.ts:
// `module`), each exporting the component it renders as its default. Each is
// named by its key in the glob below, its source file from web/ ("/src/…").
// Vite's manifest names the same file without the leading slash: by that key
// the server names a page's built files in its start-up data (page-sources.ts),
// which web/src/boot.ts preloads beside the app.
import type { ComponentType } from "react";

/** A page's code could not be loaded: usually a deploy replaced the files this page was built with. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super("A page of the app could not be loaded", { cause });
    this.name = "PageLoadError";
  }
}

const modules: Partial<Record<string, () => Promise<ComponentType>>> = import.meta.glob<ComponentType>("/src/app/lazy-modules/*.tsx", {
  import: "default",
});

/** A module that loads on demand, by its key in the glob above. */
export type ModuleName = `/src/app/lazy-modules/${string}.tsx`;

/** The component a module exports. */
export async function loadModule(name: ModuleName): Promise<ComponentType> {
  const load = modules[name];
  if (!load) throw new Error(`No module loads on demand as ${name}`);
  return load().catch((error: unknown) => {
    throw new PageLoadError(error);
  });
}

/** The module's key in Vite's manifest. */
export const manifestKeyOf = (name: ModuleName): string => name.slice(1);
