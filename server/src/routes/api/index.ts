// Everything under /api: JSON only, including the answer for unknown paths.
import type { FastifyPluginAsync } from "fastify";
import sessionRoutes from "./session.js";

const apiRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(sessionRoutes);
  fastify.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `No API route ${request.method} ${request.url.split("?")[0]}` }),
  );
};

export default apiRoutes;
