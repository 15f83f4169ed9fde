// POST /internal/kratos-hooks/:event: Kratos' web hooks after a sign-in, a
// settings change and a recovery (config/kratos/kratos.yml). Only Kratos
// knows the shared secret (KRATOS_HOOK_SECRET); any other caller gets a 401,
// and wrong guesses count per IP. Kratos does not wait for the answer
// (response.ignore), so a slow mail server never slows a sign-in.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { PortalConfig } from "../../config.js";
import { ClientError } from "../../errors.js";
import { errorResponses } from "#contract/schemas/error.js";
import { KratosHookBody, KratosHookParams } from "#contract/schemas/kratos-hooks.js";

/** The Jsonnet bodies are a few hundred bytes; a long user agent fits many times. */
const hookBodyLimit = 16 * 1024;

const kratosHooks: FastifyPluginAsyncTypebox<{ config: PortalConfig }> = async (fastify) => {
  fastify.addHook("onRequest", fastify.guards.kratosHook);
  fastify.post(
    "/:event",
    {
      bodyLimit: hookBodyLimit,
      schema: { params: KratosHookParams, body: KratosHookBody, response: { 204: { type: "null" }, ...errorResponses } },
    },
    async (request, reply) => {
      await fastify.securityEvents.record(request.params.event, request.body);
      return reply.code(204).send(null);
    },
  );
  fastify.all("/*", { schema: { response: errorResponses } }, async () => {
    throw new ClientError(404, "not_found");
  });
};

export default kratosHooks;
