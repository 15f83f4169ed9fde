// /api/oauth2: Hydra's consent and logout requests, for the portal's /consent
// and /logout pages, and the user's Connected apps (/consents). (Login requests
// need no route here: Kratos accepts them itself, through oauth2_provider.url.)
// Mutations are same-origin JSON only.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Identity, OAuth2ConsentRequest } from "@ory/client";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { PortalConfig } from "../../../config.js";
import { hydraFailure } from "../../../hydra/errors.js";
import { requireSameOriginJson, requireSession } from "../../../plugins/guards.js";
import {
  ConsentAnswer,
  ConsentDecision,
  ConsentQuery,
  ConsentRejection,
  LogoutAcceptance,
  LogoutQuery,
  LogoutRequest,
  RedirectTo,
  challengeResponses,
  type ConsentRequest,
} from "../../../schemas/oauth2.js";
import { ErrorBody } from "../../../schemas/error.js";
import { loggableFailure } from "../../../upstream-errors.js";
import consentsRoutes from "./consents.js";

const unavailable = "The sign-in service for applications (Hydra) is unavailable. Please try again in a moment.";

function replyChallengeFailure(log: FastifyBaseLogger, reply: FastifyReply, error: unknown): FastifyReply {
  const failure = hydraFailure(error);
  // Hydra 2 challenges are sealed flows: a tampered or expired one is refused, not merely unknown.
  if (failure.status === 400 || failure.status === 403 || failure.status === 404) {
    return reply.code(404).send({ message: "This request from the application is unknown or has expired. Start again from the application." });
  }
  if (failure.status === 410) {
    return reply.code(410).send({ message: "This request from the application was already answered." });
  }
  log.warn({ hydra: loggableFailure(error) }, "Hydra admin call failed");
  if (failure.status === undefined || failure.status >= 500) return reply.code(503).send({ message: unavailable });
  return reply.code(502).send({ message: "The sign-in service for applications (Hydra) gave an unexpected answer." });
}

/** Hydra answers 410 with redirect_to for a request that was already handled: the browser just goes on. */
function handledRedirect(error: unknown): string | undefined {
  const data = (error as { response?: { status?: number; data?: { redirect_to?: unknown } } }).response;
  return data?.status === 410 && typeof data.data?.redirect_to === "string" ? data.data.redirect_to : undefined;
}

/** ID token claims from the identity's traits, for the scopes the user granted (OpenID Connect Core 5.4). */
export function idTokenClaims(identity: Identity | undefined, scopes: string[]): Record<string, unknown> {
  const traits = (identity?.traits ?? {}) as { email?: string; name?: { first?: string; last?: string } };
  const claims: Record<string, unknown> = {};
  if (scopes.includes("email") && traits.email) {
    claims.email = traits.email;
    claims.email_verified = (identity?.verifiable_addresses ?? []).some((a) => a.value === traits.email && a.verified);
  }
  if (scopes.includes("profile")) {
    const { first, last } = traits.name ?? {};
    if (first) claims.given_name = first;
    if (last) claims.family_name = last;
    const name = [first, last].filter(Boolean).join(" ");
    if (name) claims.name = name;
  }
  return claims;
}

function toConsentRequest(request: OAuth2ConsentRequest): ConsentRequest {
  const client = request.client ?? {};
  return {
    challenge: request.challenge,
    application: {
      client_id: client.client_id ?? "",
      client_name: client.client_name || client.client_id || "",
      logo_uri: client.logo_uri ?? "",
      client_uri: client.client_uri ?? "",
    },
    requested_scope: request.requested_scope ?? [],
    requested_audience: request.requested_access_token_audience ?? [],
  };
}

const oauth2Routes: FastifyPluginAsyncTypebox<{ config: PortalConfig }> = async (fastify, { config }) => {
  fastify.addHook("onRequest", requireSameOriginJson(config.origin));
  fastify.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const hydra = fastify.hydra.oauth2;

  await fastify.register(consentsRoutes, { prefix: "/consents" });

  // Consent belongs to the signed-in user whom Hydra asks about.
  await fastify.register(async (scope) => {
    const consent = scope.withTypeProvider<TypeBoxTypeProvider>();
    consent.addHook("onRequest", requireSession());

    const accept = async (request: OAuth2ConsentRequest, grantScope: string[], remember: boolean, identity?: Identity) => {
      const { data } = await hydra.acceptOAuth2ConsentRequest({
        consentChallenge: request.challenge,
        acceptOAuth2ConsentRequest: {
          grant_scope: grantScope,
          grant_access_token_audience: request.requested_access_token_audience ?? [],
          remember,
          // 0: until the user revokes it (Connected apps).
          remember_for: 0,
          session: { id_token: idTokenClaims(identity, grantScope) },
        },
      });
      return data.redirect_to;
    };

    consent.get(
      "/consent",
      { schema: { querystring: ConsentQuery, response: { 200: ConsentAnswer, ...challengeResponses } } },
      async (request, reply) => {
        let consentRequest: OAuth2ConsentRequest;
        try {
          ({ data: consentRequest } = await hydra.getOAuth2ConsentRequest({ consentChallenge: request.query.consent_challenge }));
        } catch (error) {
          const redirect = handledRedirect(error);
          return redirect ? { redirect_to: redirect } : replyChallengeFailure(request.log, reply, error);
        }
        if (consentRequest.subject !== request.session?.identity?.id) {
          return reply.code(403).send({ message: "This request is for another account. Sign in as that account, or start again from the application." });
        }
        // skip: the user remembered a decision. skip_consent: an admin trusts the client. Hydra
        // reports both but asks the consent UI anyway; accepting here is what skips the page.
        if (consentRequest.skip || consentRequest.client?.skip_consent) {
          try {
            const scopes = consentRequest.requested_scope ?? [];
            return { redirect_to: await accept(consentRequest, scopes, false, request.session?.identity) };
          } catch (error) {
            return replyChallengeFailure(request.log, reply, error);
          }
        }
        return toConsentRequest(consentRequest);
      },
    );

    consent.post(
      "/consent/accept",
      { schema: { body: ConsentDecision, response: { 200: RedirectTo, 400: ErrorBody, ...challengeResponses } } },
      async (request, reply) => {
        const { consent_challenge: challenge, grant_scope: grantScope, remember } = request.body;
        try {
          const { data: consentRequest } = await hydra.getOAuth2ConsentRequest({ consentChallenge: challenge });
          if (consentRequest.subject !== request.session?.identity?.id) {
            return reply.code(403).send({ message: "This request is for another account." });
          }
          const requested = consentRequest.requested_scope ?? [];
          const extra = grantScope.filter((scope) => !requested.includes(scope));
          if (extra.length > 0) {
            return reply.code(400).send({ message: `The application did not ask for: ${extra.join(", ")}.` });
          }
          return { redirect_to: await accept(consentRequest, grantScope, remember, request.session?.identity) };
        } catch (error) {
          const redirect = handledRedirect(error);
          return redirect ? { redirect_to: redirect } : replyChallengeFailure(request.log, reply, error);
        }
      },
    );

    consent.post(
      "/consent/reject",
      { schema: { body: ConsentRejection, response: { 200: RedirectTo, ...challengeResponses } } },
      async (request, reply) => {
        const challenge = request.body.consent_challenge;
        try {
          const { data: consentRequest } = await hydra.getOAuth2ConsentRequest({ consentChallenge: challenge });
          if (consentRequest.subject !== request.session?.identity?.id) {
            return reply.code(403).send({ message: "This request is for another account." });
          }
          const { data } = await hydra.rejectOAuth2ConsentRequest({
            consentChallenge: challenge,
            rejectOAuth2Request: { error: "access_denied", error_description: "The user denied the request." },
          });
          return { redirect_to: data.redirect_to };
        } catch (error) {
          return replyChallengeFailure(request.log, reply, error);
        }
      },
    );
  });

  // Logout needs no Kratos session: ending Hydra's session must work after Kratos' has expired.
  fastify.get(
    "/logout",
    { schema: { querystring: LogoutQuery, response: { 200: LogoutRequest, ...challengeResponses } } },
    async (request, reply) => {
      try {
        const { data } = await hydra.getOAuth2LogoutRequest({ logoutChallenge: request.query.logout_challenge });
        const client = data.client;
        return {
          challenge: data.challenge ?? request.query.logout_challenge,
          application: client ? { client_id: client.client_id ?? "", client_name: client.client_name || client.client_id || "" } : null,
        };
      } catch (error) {
        return replyChallengeFailure(request.log, reply, error);
      }
    },
  );

  fastify.post(
    "/logout/accept",
    { schema: { body: LogoutAcceptance, response: { 200: RedirectTo, ...challengeResponses } } },
    async (request, reply) => {
      try {
        // Hydra also ends the Kratos session that accepted the login (urls.identity_provider.url).
        const { data } = await hydra.acceptOAuth2LogoutRequest({ logoutChallenge: request.body.logout_challenge });
        return { redirect_to: data.redirect_to };
      } catch (error) {
        return replyChallengeFailure(request.log, reply, error);
      }
    },
  );
};

export default oauth2Routes;
