// /api/oauth2/consents: Connected apps, the applications the signed-in user
// granted access to (Hydra's consent sessions for their subject), and taking
// that access back. Revoking also revokes the tokens Hydra issued under it.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OAuth2ConsentSession } from "@ory/client";
import { subjectOf } from "../../../plugins/guards.js";
import { errorResponses } from "#contract/schemas/error.js";
import { ClientIdParams, ConnectedApps, type ConnectedApp } from "#contract/schemas/oauth2.js";

/**
 * Hydra keeps one consent session per authorization, so an application the
 * user signed in to twice appears twice; the user granted one application.
 */
function connectedApps(sessions: OAuth2ConsentSession[]): ConnectedApp[] {
  const apps = new Map<string, ConnectedApp>();
  for (const session of sessions) {
    const client = session.consent_request?.client;
    const clientId = client?.client_id;
    if (!clientId) continue;
    const grantedAt = session.handled_at ?? null;
    const known = apps.get(clientId);
    if (!known) {
      apps.set(clientId, {
        client_id: clientId,
        client_name: client.client_name || clientId,
        logo_uri: client.logo_uri ?? "",
        client_uri: client.client_uri ?? "",
        scopes: [...new Set(session.grant_scope ?? [])],
        granted_at: grantedAt,
        remembered: session.remember === true,
      });
      continue;
    }
    known.scopes = [...new Set([...known.scopes, ...(session.grant_scope ?? [])])];
    known.remembered ||= session.remember === true;
    if (grantedAt && (!known.granted_at || grantedAt > known.granted_at)) known.granted_at = grantedAt;
  }
  // Most recently granted first: the one the user is most likely looking for.
  return [...apps.values()].sort((a, b) => (b.granted_at ?? "").localeCompare(a.granted_at ?? ""));
}

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
