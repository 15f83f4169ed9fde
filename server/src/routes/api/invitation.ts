// /api/invitation: the invitee's mailed link, for anyone who holds it (no
// session). Reading it only answers the welcome (mail scanners fetch links);
// accepting is a same-origin JSON POST from the page's button. Both count
// per client IP (LIMIT_INVITATION_LINK), so that the link's secret cannot be
// guessed, and answer nothing but the invitation's own facts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "#contract/schemas/error.js";
import { AcceptInvitationBody, AcceptedInvitation, InvitationQuery, InvitationWelcome } from "#contract/schemas/invitations.js";
import { bodyLimits } from "./body-limits.js";

const invitationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook("onRequest", fastify.guards.sameOriginJson);
  fastify.addHook("onRequest", fastify.limits.invitationLink);
  fastify.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  fastify.get("/", { schema: { querystring: InvitationQuery, response: { 200: InvitationWelcome, ...errorResponses } } }, async (request) =>
    fastify.invitations.welcome(request.query.token),
  );

  fastify.post(
    "/accept",
    {
      bodyLimit: bodyLimits.invitationToken,
      schema: { body: AcceptInvitationBody, response: { 200: AcceptedInvitation, ...errorResponses } },
    },
    async (request) => fastify.invitations.accept(request.body.token, request.ip),
  );
};

export default invitationRoutes;
