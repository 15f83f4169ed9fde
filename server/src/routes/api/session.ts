// GET /api/session: the signed-in user as the SPA needs it, from Kratos'
// whoami made with the browser's own cookie.
import type { Session } from "@ory/client";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { kratosFailure, loggableFailure, unavailableMessage } from "../../kratos/errors.js";
import { rolesOf } from "../../kratos/roles.js";
import { sessionResponses, type SessionBody } from "../../schemas/session.js";

export function toSessionBody(session: Session): SessionBody {
  const identity = session.identity;
  return {
    identity: {
      id: identity?.id ?? "",
      traits: (identity?.traits as Record<string, unknown> | undefined) ?? {},
      verifiable_addresses: (identity?.verifiable_addresses ?? []).map(({ value, verified, via, status }) => ({
        value,
        verified,
        via,
        status,
      })),
    },
    roles: rolesOf(identity?.metadata_public),
    aal: session.authenticator_assurance_level ?? "aal0",
    authenticated_at: session.authenticated_at ?? null,
    expires_at: session.expires_at ?? null,
  };
}

const sessionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get("/session", { schema: { response: sessionResponses } }, async (request, reply) => {
    try {
      const { data } = await fastify.kratos.frontend.toSession({ cookie: request.headers.cookie });
      return reply.header("cache-control", "no-store").send(toSessionBody(data));
    } catch (error) {
      const failure = kratosFailure(error);
      if (failure.status === 401) {
        return reply.code(401).send({ message: "You are not signed in." });
      }
      // session_aal2_required: the user has a second factor but signed in with one only.
      if (failure.status === 403 && failure.id === "session_aal2_required") {
        return reply.code(403).send({ message: "A second factor is required.", redirect: "/login?aal=aal2" });
      }
      request.log.warn({ kratos: loggableFailure(error) }, "Kratos whoami failed");
      if (failure.status === undefined || failure.status >= 500) {
        return reply.code(503).send({ message: unavailableMessage });
      }
      return reply.code(502).send({ message: "The identity service gave an unexpected answer." });
    }
  });
};

export default sessionRoutes;
