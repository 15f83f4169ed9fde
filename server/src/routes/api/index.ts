// Everything under /api: JSON only, including the answer for unknown paths.
import type { FastifyPluginAsync } from "fastify";
import sessionRoutes from "./session.js";

const apiRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(sessionRoutes);
  // A route of its own, more specific than the SPA's /*, so that an unknown
  // /api path is never answered with index.html.
  fastify.all("/*", async (request, reply) =>
    reply.code(404).send({ message: `No API route ${request.method} ${request.url.split("?")[0]}` }),
  );
};

export default apiRoutes;
