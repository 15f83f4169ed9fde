// Where the server gets the app it serves: the build in WEB_ROOT (the image,
// `npm start`, the tests: spa.ts and server-render.ts), or,
// under `npm run dev`, Vite's dev server compiling the sources as they change
// (dev-web.ts, which only dev-server.ts loads: the image has no Vite).
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyPluginAsync, onRequestHookHandler } from "fastify";
import type { PortalConfig } from "../config.js";
import spa from "./spa.js";
import { serverRenderer, type ServerRenderer } from "./server-render.js";

export interface WebApp extends ServerRenderer {
  /** Sees every request before any route does, and may refuse it (the dev server: another site's Host). */
  guard?: onRequestHookHandler;
  /** Serves the app's files (scripts, stylesheets). */
  files: FastifyPluginAsync;
  /** index.html for the page at this URL, which the app page fills in. */
  page(url: string): Promise<string>;
}

/** The app as `npm run build` wrote it into WEB_ROOT, read again whenever a build replaced a file. */
export function builtWeb(config: PortalConfig, log: FastifyBaseLogger): WebApp {
  const file = join(config.webRoot, "index.html");
  let cached: { stamp: string; html: Promise<string> } | undefined;
  const renderer = serverRenderer(config.webRoot, log);
  return {
    files: async (fastify) => {
      await fastify.register(spa, { config });
    },
    async page() {
      const { mtimeMs, size } = await stat(file);
      const stamp = `${mtimeMs}:${size}`;
      if (cached?.stamp !== stamp) cached = { stamp, html: readFile(file, "utf8") };
      return cached.html;
    },
    render: (url, origin, boot) => renderer.render(url, origin, boot),
    pageModules: (path, language) => renderer.pageModules(path, language),
  };
}
