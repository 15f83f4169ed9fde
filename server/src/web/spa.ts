// Serves the built SPA's files: its assets/ folder, where the build writes
// every file a page loads (hashed names, each with its .br and .gz copies).
// Nothing else of the build is served, nor looked up: not its page,
// index.html, which routes/app-page.ts answers every client-side route with,
// filled with what the app needs at its start; nor the server's own parts of
// the build, its render of the pages (ssr/) and Vite's manifest (.vite/). A
// page's address never comes here, so it costs no look-up on disk.
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
  await fastify.register(fastifyStatic, {
    root: join(config.webRoot, "assets"),
    prefix: "/assets/",
    // Files are looked up per request, so a rebuilt SPA (new hashed asset
    // names) is served without a restart.
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset; the one the browser accepts is sent, with Vary.
    preCompressed: true,
    // A file's name changes with its content.
    setHeaders: (reply) => {
      reply.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
};

export default spa;
