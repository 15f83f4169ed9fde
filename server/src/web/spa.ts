// Serves the built SPA's files. Its page, index.html, is not served as a
// file: routes/app-page.ts answers every client-side route with it, filled
// with what the app needs at its start. Nor are the server's own parts of the
// build: its render of the pages (ssr/) and Vite's manifest (.vite/).
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import type { PortalConfig } from "../config.js";
import { ConfigError } from "#contract/env-values.js";

const spa: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  if (!existsSync(join(config.webRoot, "index.html"))) {
    throw new ConfigError(`WEB_ROOT ${config.webRoot} has no index.html: build the SPA first (npm run build)`);
  }
  const assets = join(config.webRoot, "assets");
  await fastify.register(fastifyStatic, {
    root: config.webRoot,
    // Files are looked up per request, so a rebuilt SPA (new hashed asset
    // names) is served without a restart.
    wildcard: true,
    index: false,
    allowedPath: (path) => path !== "/index.html" && !path.startsWith("/ssr/") && !path.startsWith("/.vite/"),
    // The build writes .br and .gz beside each asset; the one the browser accepts is sent, with Vary.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header("cache-control", path.startsWith(assets) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
};

export default spa;
