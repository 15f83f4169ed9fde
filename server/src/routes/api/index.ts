// Everything under /api: JSON only, including the answer for unknown paths.
import type { FastifyPluginAsync } from "fastify";
import { ClientError } from "../../errors.js";
import { errorResponses } from "../../schemas/error.js";
import clientsRoutes from "./clients/index.js";
import oauth2Routes from "./oauth2/index.js";
import sessionRoutes from "./session.js";

const apiRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(sessionRoutes);
  await fastify.register(clientsRoutes, { prefix: "/clients" });
  await fastify.register(oauth2Routes, { prefix: "/oauth2" });
  // A route of its own, more specific than the SPA's /*, so that an unknown
  // /api path is never answered with index.html.
  fastify.all("/*", { schema: { response: errorResponses } }, async (request) => {
    throw new ClientError(404, `No API route ${request.method} ${request.url.split("?")[0]}`);
  });
};

export default apiRoutes;
