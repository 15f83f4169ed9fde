// Everything under /api: JSON only, including the answer for unknown paths.
import type { FastifyPluginAsync } from "fastify";
import type { PortalConfig } from "../../config.js";
import clientsRoutes from "./clients/index.js";
import oauth2Routes from "./oauth2/index.js";
import sessionRoutes from "./session.js";

const apiRoutes: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  await fastify.register(sessionRoutes);
  await fastify.register(clientsRoutes, { prefix: "/clients", config });
  await fastify.register(oauth2Routes, { prefix: "/oauth2", config });
  // A route of its own, more specific than the SPA's /*, so that an unknown
  // /api path is never answered with index.html.
  fastify.all("/*", async (request, reply) =>
    reply.code(404).send({ message: `No API route ${request.method} ${request.url.split("?")[0]}` }),
  );
};

export default apiRoutes;
