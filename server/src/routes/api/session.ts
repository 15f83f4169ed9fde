// GET /api/session: the signed-in user as the SPA needs it, from Kratos'
// whoami made with the browser's own cookie. 401 not_signed_in, 403
// aal2_required (one factor of two: the SPA goes on to the second), 503 when
// Kratos is down, 502 when it answers what it should not.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { rolesOf } from "#contract/roles.js";
import { sessionOf, type SignedInSession } from "../../plugins/guards.js";
import { SessionExtension } from "#contract/schemas/account.js";
import { errorResponses } from "#contract/schemas/error.js";
import { SessionBody } from "#contract/schemas/session.js";
import { termsPendingOf } from "#contract/terms.js";

/** The session as the SPA needs it: never Kratos' whole answer. */
export function toSessionBody({ identity, ...session }: SignedInSession, termsVersion: string | undefined): SessionBody {
  const termsPending = termsPendingOf(identity.metadata_public, termsVersion);
  return {
    identity: {
      id: identity.id,
      traits: (identity.traits as Record<string, unknown> | undefined) ?? {},
      verifiable_addresses: (identity.verifiable_addresses ?? []).map(({ value, verified, via, status }) => ({
        value,
        verified,
        via,
        status,
      })),
    },
    roles: rolesOf(identity.metadata_public),
    aal: session.authenticator_assurance_level ?? "aal0",
    authenticated_at: session.authenticated_at ?? null,
    expires_at: session.expires_at ?? null,
    ...(termsPending !== undefined ? { terms_pending: termsPending } : {}),
  };
}

const sessionRoutes: FastifyPluginAsyncTypebox<{ termsVersion: string | undefined }> = async (fastify, { termsVersion }) => {
  fastify.get(
    "/session",
    {
      config: { termsPending: "allowed" },
      onRequest: fastify.guards.session,
      schema: { response: { 200: SessionBody, ...errorResponses } },
    },
    async (request, reply) => reply.header("cache-control", "no-store").send(toSessionBody(sessionOf(request), termsVersion)),
  );

  // "Stay signed in": extends the caller's own session (never another's: the id is the cookie's), a few times an hour.
  fastify.post(
    "/session/extend",
    {
      config: { termsPending: "allowed" },
      onRequest: [fastify.guards.session, fastify.guards.sameOriginJson],
      preHandler: fastify.limits.account("sessionExtension"),
      schema: { response: { 200: SessionExtension, ...errorResponses } },
    },
    async (request, reply) => {
      await fastify.kratos.identities.extendSession(sessionOf(request).id);
      const session = await fastify.kratos.sessions.whoami(request.headers.cookie);
      return reply.header("cache-control", "no-store").send({ expires_at: session.expires_at ?? null });
    },
  );
};

export default sessionRoutes;
