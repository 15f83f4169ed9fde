// Serves the built SPA. A path that names a file (it has an extension) and is
// not there is a 404; any other unknown path is a client-side route and gets
// index.html, which the router resolves.
import { existsSync } from "node:fs";
import { extname, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import type { PortalConfig } from "../config.js";
import { ConfigError } from "../config.js";

const spa: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  if (!existsSync(join(config.webRoot, "index.html"))) {
    throw new ConfigError(`WEB_ROOT ${config.webRoot} has no index.html: build the SPA first (npm run build)`);
  }
  await fastify.register(fastifyStatic, {
    root: config.webRoot,
    // Files are looked up per request, so a rebuilt SPA (new hashed asset
    // names) is served without a restart.
    wildcard: true,
    // The build writes .br and .gz beside each asset; the one the browser accepts is sent, with Vary.
    preCompressed: true,
    setHeaders: (reply, path) => {
      const hashed = path.includes(`${join(config.webRoot, "assets")}`);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  fastify.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if ((request.method === "GET" || request.method === "HEAD") && extname(path) === "") {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ message: `Not found: ${path}` });
  });
};

export default spa;
