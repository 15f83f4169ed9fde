// /api/oauth2/consents: Connected apps, the applications the signed-in user
// granted access to (Hydra's consent sessions for their subject), and taking
// that access back. Revoking also revokes the tokens Hydra issued under it.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { subjectOf } from "../../../plugins/guards.js";
import { errorResponses } from "#contract/schemas/error.js";
import { ClientIdParams, ConnectedApps } from "#contract/schemas/oauth2.js";
import { connectedApps } from "../../../hydra/consent-sessions.js";

const consentsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook("onRequest", fastify.guards.session);
  const consentSessions = fastify.hydra.consentSessions;

  fastify.get("/", { schema: { response: { 200: ConnectedApps, ...errorResponses } } }, async (request) => ({
    apps: connectedApps(await consentSessions.list(subjectOf(request))),
  }));

  fastify.delete(
    "/:clientId",
    { schema: { params: ClientIdParams, response: { 204: { type: "null" }, ...errorResponses } } },
    async (request, reply) => {
      await consentSessions.revoke(subjectOf(request), request.params.clientId);
      return reply.code(204).send(null);
    },
  );

  fastify.delete("/", { schema: { response: { 204: { type: "null" }, ...errorResponses } } }, async (request, reply) => {
    await consentSessions.revoke(subjectOf(request));
    return reply.code(204).send(null);
  });
};

export default consentsRoutes;
