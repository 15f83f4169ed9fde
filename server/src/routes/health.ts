// /healthz: the process lives. /readyz: it can serve users, i.e. Kratos'
// public API answers (503 from the error handler when it does not).
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "#contract/schemas/error.js";

const Status = Type.Object({ status: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get("/healthz", { schema: { response: { 200: Status } } }, async () => ({ status: "ok" }));

  fastify.get("/readyz", { schema: { response: { 200: Status, ...errorResponses } } }, async () => {
    await fastify.kratos.sessions.probe();
    return { status: "ready" };
  });
};

export default healthRoutes;
