// Access rules that a route scope adds as hooks (fastify.addHook in the
// plugin that holds the routes), so they are a property of the routes
// themselves, never a check on a URL prefix.
import type { Session } from "@ory/client";
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { kratosFailure, loggableFailure, unavailableMessage } from "../kratos/errors.js";
import { rolesOf } from "../kratos/roles.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The Kratos session of a request that passed requireRole. */
    session?: Session;
  }
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request must come from the portal's own pages. Only
 * they send our Origin; and a JSON body cannot be sent cross-site without a
 * CORS preflight, which the portal never grants (forms can send text/plain).
 */
export function requireSameOriginJson(origin: string): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (safeMethods.has(request.method)) return;
    if (request.headers.origin !== origin) {
      return reply.code(403).send({ message: "This request must come from the portal's own pages (Origin check)." });
    }
    const length = request.headers["content-length"];
    const hasBody = (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
    const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (hasBody && type !== "application/json") {
      return reply.code(403).send({ message: "Send this request as application/json." });
    }
  };
}

/**
 * A Kratos session from the browser's cookie (none → 401); with a role, the
 * session must carry it in metadata_public.roles (another → 403).
 */
export function requireSession(role?: string): onRequestHookHandler {
  return async function (request: FastifyRequest, reply: FastifyReply) {
    const cookie = request.headers.cookie;
    if (!cookie) return reply.code(401).send({ message: "You are not signed in." });
    let session: Session;
    try {
      ({ data: session } = await this.kratos.frontend.toSession({ cookie }));
    } catch (error) {
      const failure = kratosFailure(error);
      if (failure.status === 401) return reply.code(401).send({ message: "You are not signed in." });
      // session_aal2_required: signed in with one factor of two; not enough for admin work either.
      if (failure.status === 403) return reply.code(403).send({ message: "A second factor is required." });
      request.log.warn({ kratos: loggableFailure(error) }, "Kratos whoami failed");
      return reply.code(503).send({ message: unavailableMessage });
    }
    if (role !== undefined && !rolesOf(session.identity?.metadata_public).includes(role)) {
      return reply.code(403).send({ message: `This needs the ${role} role.` });
    }
    request.session = session;
  };
}

export const requireRole = (role: string): onRequestHookHandler => requireSession(role);
