// The app's own server entry (the app's entry-server.tsx, which `vite build
// --ssr` writes into $WEB_ROOT/ssr/) and Vite's manifest, loaded from the
// built app and again whenever a build replaced them, like index.html. The
// page renders without them (the browser then draws it, as it would anyway),
// so a build without the server entry or a render that throws costs the
// visitor a moment, never the page.
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { Language } from "#contract/languages.js";
import type { BootData, ServerRender } from "#contract/schemas/app-page.js";

type Rendered = Awaited<ReturnType<ServerRender["render"]>>;

/** The part of Vite's .vite/manifest.json read here: each source file's built file and the chunks it imports. */
type Manifest = Partial<Record<string, { file: string; name?: string; imports?: string[]; dynamicImports?: string[] }>>;

export interface ServerRenderer {
  /** The page's markup for #root and the router's state, or undefined where the browser renders it. */
  render(url: string, origin: string, boot: BootData): Promise<Rendered>;
  /** The files (/assets/…) of the code this path loads on demand, beyond the app's own: its pages' and its language's. */
  pageModules(path: string, language: Language): Promise<string[]>;
}

/** A file's content, loaded anew only when the file changed; undefined while it is missing or broken. */
function reloading<T>(file: string, load: (file: string, stamp: string) => Promise<T>, log: FastifyBaseLogger) {
  let cached: { stamp: string; value: Promise<T | undefined> } | undefined;
  return async (): Promise<T | undefined> => {
    let stamp: string;
    try {
      const { mtimeMs, size } = await stat(file);
      stamp = `${mtimeMs}:${size}`;
    } catch {
      return undefined;
    }
    if (cached?.stamp !== stamp) {
      const value = load(file, stamp).catch((error: unknown) => {
        log.error({ err: error, file }, "the built app's file could not be loaded: the pages go out without it");
        return undefined;
      });
      cached = { stamp, value };
    }
    return cached.value;
  };
}

export function serverRenderer(webRoot: string, log: FastifyBaseLogger): ServerRenderer {
  // Node keeps a module once imported; a new build is a new URL.
  const entry = reloading(
    join(webRoot, "ssr", "entry-server.js"),
    async (file, stamp) => (await import(`${pathToFileURL(file).href}?build=${encodeURIComponent(stamp)}`)) as ServerRender,
    log,
  );
  const manifest = reloading(
    join(webRoot, ".vite", "manifest.json"),
    async (file) => JSON.parse(await readFile(file, "utf8")) as Manifest,
    log,
  );

  return {
    async render(url, origin, boot) {
      const app = await entry();
      if (!app) return undefined;
      try {
        return await app.render(url, origin, boot);
      } catch (error) {
        log.error({ err: error }, "the server could not render a page: it goes out for the browser to render");
        return undefined;
      }
    },

    async pageModules(path, language) {
      const [app, files] = await Promise.all([entry(), manifest()]);
      if (!app || !files) return [];
      const loaded = new Set<string>();
      const collect = (key: string) => {
        const chunk = files[key];
        if (!chunk || loaded.has(chunk.file)) return;
        loaded.add(chunk.file);
        for (const imported of chunk.imports ?? []) collect(imported);
      };
      // What index.html loads, and the app its script starts (web/src/boot.ts) with what that imports: the page's own.
      collect("index.html");
      for (const started of files["index.html"]?.dynamicImports ?? []) collect(started);
      const entryFiles = new Set(loaded);
      for (const source of app.preloadSources(path, language)) collect(source);
      const catalogs = app.languageChunk(language);
      for (const [key, chunk] of Object.entries(files)) if (chunk?.name === catalogs) collect(key);
      return [...loaded].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
    },
  };
}
