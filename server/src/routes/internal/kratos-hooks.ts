// POST /internal/kratos-hooks/:event: Kratos' web hooks after a sign-in, a
// settings change and a recovery (config/kratos/kratos.yml), served only by
// the internal listener (internal-server.ts, INTERNAL_PORT), never on the
// public port. Only Kratos knows the shared secret (KRATOS_HOOK_SECRET); any
// other caller gets a 401, and wrong guesses count per IP. Kratos does not
// wait for the answer (response.ignore), so a slow mail server never slows a
// sign-in. Of the body, only the identity's id is trusted: the service reads
// everything else from Kratos' admin API.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { onRequestAsyncHookHandler } from "fastify";
import { ClientError } from "../../errors.js";
import type { SecurityEvents } from "../../services/security-events.js";
import { errorResponses } from "#contract/schemas/error.js";
import { KratosHookBody, KratosHookParams } from "#contract/schemas/kratos-hooks.js";

/** The Jsonnet bodies are a few hundred bytes; a long user agent fits many times. */
const hookBodyLimit = 16 * 1024;

export interface KratosHookOptions {
  /** The shared secret's check (guards.kratosHook of the public instance, which counts the refusals). */
  guard: onRequestAsyncHookHandler;
  securityEvents: SecurityEvents;
}

const kratosHooks: FastifyPluginAsyncTypebox<KratosHookOptions> = async (fastify, { guard, securityEvents }) => {
  fastify.addHook("onRequest", guard);
  fastify.post(
    "/:event",
    {
      bodyLimit: hookBodyLimit,
      schema: { params: KratosHookParams, body: KratosHookBody, response: { 204: { type: "null" }, ...errorResponses } },
    },
    async (request, reply) => {
      await securityEvents.record(request.params.event, request.body, request.log);
      return reply.code(204).send(null);
    },
  );
  fastify.all("/*", { schema: { response: errorResponses } }, async () => {
    throw new ClientError(404, "not_found");
  });
};

export default kratosHooks;
