// The access rules. This plugin decorates every request with `session` and
// offers the rules as onRequest hooks, which a plugin scope adds for all of
// its routes (fastify.addHook("onRequest", fastify.guards.role("admin"))) or a
// route for itself: access is a property of the route, never a URL check.
import type { Identity, Session } from "@ory/client";
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { ClientError, secondFactorRequired } from "../errors.js";
import { rolesOf } from "#contract/roles.js";
import { termsPendingOf } from "#contract/terms.js";
import { hookSecretHeader } from "#contract/schemas/kratos-hooks.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's Kratos session once a session rule has run; null before, or without one (optionalSession). */
    session: Session | null;
  }
  interface FastifyInstance {
    guards: Guards;
  }
  interface FastifyContextConfig {
    /**
     * "allowed": the route serves a signed-in person who has not accepted the current terms of service yet (the
     * session, accepting them, and the account's data and deletion); every other route with a session rule answers them 403 terms_required.
     */
    termsPending?: "allowed";
  }
}

export interface Guards {
  /** CSRF: a state-changing request comes from the portal's own pages (its Origin; 403 cross_origin otherwise). */
  sameOrigin: onRequestAsyncHookHandler;
  /** CSRF: a state-changing request comes from the portal's own pages, as JSON. */
  sameOriginJson: onRequestAsyncHookHandler;
  /** A Kratos session (401 without; 403 aal2_required with one factor of two). */
  session: onRequestAsyncHookHandler;
  /** The session if there is one; no session is not an error. */
  optionalSession: onRequestAsyncHookHandler;
  /** A session whose identity has this role in metadata_public.roles (403 role_required). */
  role(role: string): onRequestAsyncHookHandler;
  /** A session signed in with a second factor (403 aal2_required). */
  secondFactor: onRequestAsyncHookHandler;
  /** A session signed in within this many seconds (403 reauthentication_required): Kratos' privileged session. */
  recentSignIn(maxAgeSeconds: number): onRequestAsyncHookHandler;
  /** Kratos' web hooks: the shared secret in the Authorization header (401 hook_secret_invalid otherwise; wrong guesses count per IP). */
  kratosHook: onRequestAsyncHookHandler;
}

/** The header Kratos' web hooks carry the shared secret in (config/kratos: auth.api_key). */

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export type SignedInSession = Session & { identity: Identity };

export const hasIdentity = (session: Session | null): session is SignedInSession => Boolean(session?.identity?.id);

/** The caller's session, for a route whose rules include one; without such a rule that is a bug (500). */
export function sessionOf(request: FastifyRequest): SignedInSession {
  if (!hasIdentity(request.session)) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads the session but has no session rule`);
  }
  return request.session;
}

/** The signed-in identity's id: the subject Hydra knows the user by (Kratos accepts logins with it). */
export const subjectOf = (request: FastifyRequest): string => sessionOf(request).identity.id;

const digest = (value: string) => createHash("sha256").update(value).digest();

export default fp<{ origin: string; hookSecret?: string | undefined; termsVersion?: string | undefined }>(
  async (fastify, { origin, hookSecret, termsVersion }) => {
    fastify.decorateRequest("session", null);

    const whoami = async (request: FastifyRequest): Promise<Session> => {
      request.session ??= await fastify.kratos.sessions.whoami(request.headers.cookie);
      return request.session;
    };
    // A new TERMS_VERSION holds every signed-in route until the person accepts it, but those that let them.
    const signedIn = async (request: FastifyRequest): Promise<Session> => {
      const session = await whoami(request);
      if (request.routeOptions.config.termsPending !== "allowed" && termsPendingOf(session.identity?.metadata_public, termsVersion)) {
        throw new ClientError(403, "terms_required");
      }
      return session;
    };

    // Only the portal's pages send our Origin: browsers send it with every POST, PUT, PATCH and DELETE,
    // a form's included, and a page of another site cannot choose it.
    const sameOrigin = async (request: FastifyRequest) => {
      if (safeMethods.has(request.method)) return;
      if (request.headers.origin !== origin) {
        throw new ClientError(403, "cross_origin");
      }
    };

    const guards: Guards = {
      sameOrigin,
      // A JSON body cannot be sent cross-site without a CORS preflight, which the portal never grants (forms
      // can send text/plain).
      async sameOriginJson(request) {
        await sameOrigin(request);
        const length = request.headers["content-length"];
        const hasBody = (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
        const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
        if (hasBody && type !== "application/json") throw new ClientError(403, "json_required");
      },

      async session(request) {
        await signedIn(request);
      },

      async optionalSession(request) {
        try {
          await whoami(request);
        } catch (error) {
          if (!(error instanceof ClientError && error.code === "not_signed_in")) throw error;
        }
      },

      role: (role) => async (request) => {
        const session = await signedIn(request);
        if (!rolesOf(session.identity?.metadata_public).includes(role)) {
          throw new ClientError(403, "role_required");
        }
      },

      secondFactor: async (request) => {
        const session = await signedIn(request);
        if (session.authenticator_assurance_level !== "aal2") throw secondFactorRequired();
      },

      recentSignIn: (maxAgeSeconds) => async (request) => {
        const session = await signedIn(request);
        const signedInAt = Date.parse(session.authenticated_at ?? "");
        if (!(Date.now() - signedInAt <= maxAgeSeconds * 1000)) {
          throw new ClientError(403, "reauthentication_required");
        }
      },

      async kratosHook(request, reply) {
        const given = request.headers[hookSecretHeader.toLowerCase()];
        // Digests of equal length, so the comparison takes as long whatever was sent.
        const valid = hookSecret !== undefined && typeof given === "string" && timingSafeEqual(digest(given), digest(hookSecret));
        if (valid) return;
        await fastify.limits.hookRefusal(request, reply);
        throw new ClientError(401, "hook_secret_invalid");
      },
    };
    fastify.decorate("guards", guards);
  },
  { name: "guards", dependencies: ["kratos", "abuse-limits"] },
);
