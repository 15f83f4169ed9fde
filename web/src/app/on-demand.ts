// Code that loads when it is needed, out of the entry bundle, named by its
// source file as Vite's manifest names it, so that the server can name its
// built files in a page that needs it (the start-up data's `code`, which
// web/src/boot.ts preloads beside the app).

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

/** A module loaded on demand. */
export interface Code<M> {
  /** Its source file, from web/ (`src/…`): the key of Vite's manifest. page-registry.test.ts checks that it is `load`'s module. */
  readonly source: string;
  readonly load: () => Promise<M>;
}

export const code = <M>(source: string, load: () => Promise<M>): Code<M> => ({ source, load: onDemand(load) });
