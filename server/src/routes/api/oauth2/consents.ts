// /api/oauth2/consents: Connected apps, the applications the signed-in user
// granted access to (Hydra's consent sessions for their subject), and taking
// that access back. Revoking also revokes the tokens Hydra issued under it.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OAuth2ConsentSession } from "@ory/client";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { nextPageToken } from "../../../hydra/clients.js";
import { hydraFailure } from "../../../hydra/errors.js";
import { requireSession } from "../../../plugins/guards.js";
import { ClientIdParams, ConnectedApps, connectedAppsResponses, type ConnectedApp } from "../../../schemas/oauth2.js";
import { loggableFailure } from "../../../upstream-errors.js";

const unavailable = "The sign-in service for applications (Hydra) is unavailable, so connected apps cannot be shown or changed right now. Please try again in a moment.";

/** Hydra's largest page; a user with more consent sessions than this is paged through. */
const pageSize = 500;

function replyHydraFailure(log: FastifyBaseLogger, reply: FastifyReply, error: unknown): FastifyReply {
  const { status } = hydraFailure(error);
  log.warn({ hydra: loggableFailure(error) }, "Hydra admin call failed");
  if (status === undefined || status >= 500) return reply.code(503).send({ message: unavailable });
  return reply.code(502).send({ message: "The sign-in service for applications (Hydra) gave an unexpected answer." });
}

/**
 * Hydra keeps one consent session per authorization, so an application the
 * user signed in to twice appears twice; the user granted one application.
 */
export function connectedApps(sessions: OAuth2ConsentSession[]): ConnectedApp[] {
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

/** The signed-in user, whom Hydra knows by their Kratos identity id (the subject Kratos accepted logins with). */
function subjectOf(request: FastifyRequest): string {
  const subject = request.session?.identity?.id;
  // requireSession ran before every route here and set the session.
  if (!subject) throw new Error("consent routes reached without a session");
  return subject;
}

const consentsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook("onRequest", requireSession());
  const hydra = fastify.hydra.oauth2;

  fastify.get(
    "/",
    { schema: { response: { 200: ConnectedApps, ...connectedAppsResponses } } },
    async (request, reply) => {
      const subject = subjectOf(request);
      const sessions: OAuth2ConsentSession[] = [];
      try {
        let token: string | undefined;
        do {
          const { data, headers } = await hydra.listOAuth2ConsentSessions({ subject, pageSize, pageToken: token });
          sessions.push(...data);
          // Hydra links a next page even after the last one; that page is empty.
          token = data.length < pageSize ? undefined : nextPageToken(headers.link as string | undefined);
        } while (token);
      } catch (error) {
        return replyHydraFailure(request.log, reply, error);
      }
      return { apps: connectedApps(sessions) };
    },
  );

  fastify.delete(
    "/:clientId",
    { schema: { params: ClientIdParams, response: { 204: { type: "null" }, ...connectedAppsResponses } } },
    async (request, reply) => {
      try {
        await hydra.revokeOAuth2ConsentSessions({ subject: subjectOf(request), client: request.params.clientId });
      } catch (error) {
        return replyHydraFailure(request.log, reply, error);
      }
      return reply.code(204).send(null);
    },
  );

  fastify.delete(
    "/",
    { schema: { response: { 204: { type: "null" }, ...connectedAppsResponses } } },
    async (request, reply) => {
      try {
        await hydra.revokeOAuth2ConsentSessions({ subject: subjectOf(request), all: true });
      } catch (error) {
        return replyHydraFailure(request.log, reply, error);
      }
      return reply.code(204).send(null);
    },
  );
};

export default consentsRoutes;
