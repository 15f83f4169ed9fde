// The one error handler: logs the failure with its request, hides the
// internals of 5xx answers, and always answers { message }.
import type { FastifyError } from "fastify";
import fp from "fastify-plugin";

export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error, method: request.method, url: request.url }, "request failed");
        return reply.code(status).send({ message: "Something went wrong on our side. Please try again." });
      }
      request.log.info({ err: error, method: request.method, url: request.url }, "request rejected");
      return reply.code(status).send({ message: error.message });
    });
  },
  { name: "error-handler" },
);
