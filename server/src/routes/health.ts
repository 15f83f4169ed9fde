// /healthz: the process lives. /readyz: it can serve users, i.e. Kratos'
// public API answers. The SDK has no readiness call for the public API, so the
// probe is a session check without a cookie, which a working Kratos answers 401.
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody } from "../schemas/error.js";
import { kratosFailure, loggableFailure, unavailableMessage } from "../kratos/errors.js";

const Status = Type.Object({ status: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get("/healthz", { schema: { response: { 200: Status } } }, async () => ({ status: "ok" }));

  fastify.get("/readyz", { schema: { response: { 200: Status, 503: ErrorBody } } }, async (request, reply) => {
    try {
      await fastify.kratos.frontend.toSession();
      return { status: "ready" };
    } catch (error) {
      if (kratosFailure(error).status === 401) return { status: "ready" };
      request.log.warn({ kratos: loggableFailure(error) }, "Kratos is not ready");
      return reply.code(503).send({ message: unavailableMessage });
    }
  });
};

export default healthRoutes;
