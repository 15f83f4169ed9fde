// `npm run dev`'s app: Vite's dev server inside the portal's Fastify server
// (middleware mode), so that the pages are rendered by the server as in the
// image (entry-server.tsx, loaded through Vite) and change as the sources
// change. Two things differ from Vite's defaults for the CSP, which stays the
// image's: Vite's and React Refresh's inline module scripts in index.html are
// served as files, and a stylesheet imported by a module comes as a <link> to
// Vite's compiled CSS instead of a <style> element. And Vite's file server is
// shut to everything but what the app imports, answers no other origin (no
// CORS) and no other site's name (DNS rebinding): an identity portal's
// checkout holds the stack's secrets, and a developer's laptop is on networks.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { isIP } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { createServer, isCSSRequest, type Plugin, type ViteDevServer } from "vite";
import { devServedFolders } from "#contract/dev-files.js";
import type { ErrorBody } from "#contract/schemas/error.js";
import type { ServerRender } from "#contract/schemas/app-page.js";
import type { PortalConfig } from "../config.js";
import type { WebApp } from "./web-app.js";

const checkout = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const webDir = join(checkout, "web");

/** The paths Vite answers: its client, the modules it compiles (/src/, /@fs/, /@id/), the dependencies it bundled. */
const viteOwns = (url: string) => url.startsWith("/@") || url.startsWith("/src/");

/**
 * Files Vite never hands out, even inside the folders it may serve: its own list (environment files, keys,
 * package managers' credentials, git) and what the stack keeps in its data folder (generated secrets,
 * Kratos' and Hydra's runtime configuration, SQLite databases), should one ever be put there.
 */
const deniedFiles = [
  ".env",
  ".env.*",
  "*.{crt,pem,key,p12,pfx,cer,der}",
  ".npmrc",
  ".yarnrc.yml",
  "**/.git/**",
  "**/.data/**",
  "secrets.json",
  "*.runtime.json",
  "*.{sqlite,sqlite-shm,sqlite-wal,db}",
];

/**
 * A Host the dev server answers: the name in PORTAL_ORIGIN, localhost, or an address. A DNS rebinding attack
 * needs a name of the attacker's that comes to point at this machine, so that a page of theirs reads the
 * answers as its own origin's; none of these can be theirs. Vite's own check (allowedHosts) covers only the
 * requests it is handed, not the portal's routes.
 */
function isPortalHost(host: string | undefined, origin: URL): boolean {
  if (host === undefined) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return hostname === origin.hostname || hostname === "localhost" || isIP(bare) !== 0;
}

const inlinePrefix = "virtual:inline-script/";

/** Each inline module script of the page (React Refresh's preamble) as a module file of its own. */
function inlineScriptsAsFiles(): Plugin {
  const scripts = new Map<string, string>();
  return {
    name: "portal-dev-inline-scripts-as-files",
    apply: "serve",
    resolveId: (source) => (source.startsWith(`\0${inlinePrefix}`) ? source : undefined),
    load: (id) => (id.startsWith(`\0${inlinePrefix}`) ? scripts.get(id.slice(1 + inlinePrefix.length)) : undefined),
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(/<script type="module">([\s\S]*?)<\/script>/g, (_script, code: string) => {
          const name = `${createHash("sha256").update(code).digest("hex").slice(0, 16)}.js`;
          scripts.set(name, code);
          return `<script type="module" src="/@id/__x00__${inlinePrefix}${name}"></script>`;
        }),
    },
  };
}

/** A stylesheet imported by a module becomes a <link> to its compiled CSS, kept current on each change. */
function stylesheetsAsLinks(): Plugin {
  return {
    name: "portal-dev-stylesheets-as-links",
    apply: "serve",
    enforce: "post",
    transform(_code, id, options) {
      if (options?.ssr || !isCSSRequest(id) || /[?&](direct|inline|url|raw)\b/.test(id)) return undefined;
      const file = id.split("?")[0] ?? id;
      const url = file.startsWith("\0")
        ? `/@id/__x00__${file.slice(1)}`
        : file.startsWith(`${webDir}/`)
          ? file.slice(webDir.length)
          : `/@fs${file}`;
      return {
        code: [
          `const id = ${JSON.stringify(url)};`,
          "let link = [...document.querySelectorAll('link[data-dev-stylesheet]')].find((found) => found.dataset.devStylesheet === id);",
          "if (!link) {",
          "  link = document.createElement('link');",
          "  link.rel = 'stylesheet';",
          "  link.dataset.devStylesheet = id;",
          "  document.head.append(link);",
          "}",
          "link.href = `${id}?direct&t=${Date.now()}`;",
          "import.meta.hot.accept();",
          "import.meta.hot.prune(() => link.remove());",
        ].join("\n"),
        map: null,
      };
    },
  };
}

/** The app from its sources through Vite, for `app`'s `web` option (app.ts). */
export function viteWeb(fastify: FastifyInstance, config: PortalConfig): WebApp {
  const origin = new URL(config.origin);
  let started: ViteDevServer | undefined;
  const vite = () => {
    if (!started) throw new Error("Vite's dev server is not running yet");
    return started;
  };
  const foreignHost: ErrorBody = { code: "cross_origin" };
  const guard: onRequestHookHandler = (request, reply, done) => {
    if (isPortalHost(request.headers.host, origin)) done();
    else void reply.code(403).send(foreignHost);
  };
  return {
    guard,
    // Not encapsulated: the hook must see the requests that no route answers.
    files: fp(async (instance) => {
      const server = await createServer({
        configFile: join(webDir, "vite.config.ts"),
        cacheDir: join(checkout, "node_modules", ".vite"),
        server: {
          middlewareMode: true,
          // Hot updates over the portal's own port, which the CSP's connect-src 'self' allows; with the port
          // named, Vite's client never falls back to a port of its own (5173), which the CSP would refuse.
          ws: { server: fastify.server, clientPort: Number(origin.port || (origin.protocol === "https:" ? 443 : 80)) },
          // Vite's default answers the pages of any other localhost port with Access-Control-Allow-Origin.
          cors: false,
          allowedHosts: [origin.hostname],
          fs: { strict: true, allow: devServedFolders.map((folder) => join(checkout, folder)), deny: deniedFiles },
        },
        appType: "custom",
        plugins: [inlineScriptsAsFiles(), stylesheetsAsLinks()],
      });
      started = server;
      instance.addHook("onClose", () => server.close());
      instance.addHook("onRequest", (request, reply, done) => {
        if (!viteOwns(request.url)) {
          done();
          return;
        }
        reply.hijack();
        server.middlewares(request.raw, reply.raw, () => {
          reply.raw.writeHead(404).end();
        });
      });
    }),
    page: async (url) => vite().transformIndexHtml(url, await readFile(join(webDir, "index.html"), "utf8")),
    async render(url, origin, boot) {
      try {
        const entry = (await vite().ssrLoadModule("/src/entry-server.tsx")) as ServerRender;
        return await entry.render(url, origin, boot);
      } catch (error) {
        if (error instanceof Error) vite().ssrFixStacktrace(error);
        fastify.log.error({ err: error }, "the server could not render a page: it goes out for the browser to render");
        return undefined;
      }
    },
    // Vite serves each module as it is asked for; there is no build to preload from.
    pageModules: async () => [],
  };
}
