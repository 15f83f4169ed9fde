// /api/undo: a security mail's undo link (services/undo.ts), for anyone who
// holds it (no session: the account's sessions may be the attacker's).
// Reading it only says what it would revert (mail scanners fetch links);
// confirming is a same-origin JSON POST from the page's button. Both count
// per client IP (LIMIT_UNDO_LINK): the secret cannot be guessed, and a
// confirmation, which mails a recovery code, cannot be repeated at will.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "#contract/schemas/error.js";
import { ConfirmUndoBody, UndoDone, UndoQuery, UndoView } from "#contract/schemas/undo.js";
import { bodyLimits } from "./body-limits.js";

const undoRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook("onRequest", fastify.guards.sameOriginJson);
  fastify.addHook("onRequest", fastify.limits.undoLink);
  fastify.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  fastify.get("/", { schema: { querystring: UndoQuery, response: { 200: UndoView, ...errorResponses } } }, async (request) =>
    fastify.undoLinks.view(request.query.token),
  );

  fastify.post(
    "/confirm",
    { bodyLimit: bodyLimits.undoToken, schema: { body: ConfirmUndoBody, response: { 200: UndoDone, ...errorResponses } } },
    async (request) => fastify.undoLinks.confirm(request.body.token, request.ip),
  );
};

export default undoRoutes;
