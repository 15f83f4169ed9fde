// /api/oauth2: Hydra's consent and logout requests, for the portal's /consent
// and /logout pages, and the user's Connected apps (/consents). (Login requests
// need no route here: Kratos accepts them itself, through oauth2_provider.url.)
// Mutations are same-origin JSON only.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Identity, OAuth2ConsentRequest } from "@ory/client";
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { ClientError, FieldErrors } from "../../../errors.js";
import { sessionOf, subjectOf } from "../../../plugins/guards.js";
import { pageReadHeader } from "#contract/boot.js";
import { errorResponses } from "#contract/schemas/error.js";
import {
  ConsentAnswer,
  ConsentDecision,
  ConsentQuery,
  ConsentRejection,
  LogoutAcceptance,
  LogoutQuery,
  LogoutRequest,
  RedirectTo,
  type ConsentRequest,
} from "#contract/schemas/oauth2.js";
import { bodyLimits } from "../body-limits.js";
import consentsRoutes from "./consents.js";

/** ID token claims from the identity's traits, for the scopes the user granted (OpenID Connect Core 5.4). */
function idTokenClaims(identity: Identity, scopes: string[]): Record<string, unknown> {
  const traits = (identity.traits ?? {}) as { email?: string; name?: { first?: string; last?: string } };
  const claims: Record<string, unknown> = {};
  if (scopes.includes("email") && traits.email) {
    claims.email = traits.email;
    claims.email_verified = (identity.verifiable_addresses ?? []).some((a) => a.value === traits.email && a.verified);
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

const otherAccount = () => new ClientError(403, "other_account");

const oauth2Routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook("onRequest", fastify.guards.sameOriginJson);
  fastify.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const challenges = fastify.hydra.challenges;

  await fastify.register(consentsRoutes, { prefix: "/consents" });

  // Consent belongs to the signed-in user whom Hydra asks about.
  await fastify.register(async (scope) => {
    const consent = scope.withTypeProvider<TypeBoxTypeProvider>();
    consent.addHook("onRequest", consent.guards.session);

    /** The open consent request, asked of the caller; or where to go when Hydra says it was answered. */
    const openRequest = async (request: FastifyRequest, challenge: string) => {
      const found = await challenges.consentRequest(challenge);
      if ("request" in found && found.request.subject !== subjectOf(request)) throw otherAccount();
      return found;
    };

    const accept = (request: FastifyRequest, consentRequest: OAuth2ConsentRequest, grantScope: string[], remember: boolean) =>
      challenges.acceptConsent(consentRequest.challenge, {
        grant_scope: grantScope,
        grant_access_token_audience: consentRequest.requested_access_token_audience ?? [],
        remember,
        // 0: until the user revokes it (Connected apps).
        remember_for: 0,
        session: { id_token: idTokenClaims(sessionOf(request).identity, grantScope) },
      });

    consent.get(
      "/consent",
      { schema: { querystring: ConsentQuery, response: { 200: ConsentAnswer, 204: Type.Null(), ...errorResponses } } },
      async (request, reply) => {
        const found = await openRequest(request, request.query.consent_challenge);
        if ("redirectTo" in found) return { redirect_to: found.redirectTo };
        const consentRequest = found.request;
        // skip: the user remembered a decision. skip_consent: an admin trusts the client. Hydra
        // reports both but asks the consent UI anyway; accepting here is what skips the page.
        if (consentRequest.skip || consentRequest.client?.skip_consent) {
          // The app page's read (a page being fetched, maybe by no one) leaves the answer to the page's script.
          if (request.headers[pageReadHeader] !== undefined) return reply.code(204).send(null);
          return { redirect_to: await accept(request, consentRequest, consentRequest.requested_scope ?? [], false) };
        }
        return toConsentRequest(consentRequest);
      },
    );

    consent.post(
      "/consent/accept",
      {
        bodyLimit: bodyLimits.consentDecision,
        schema: { body: ConsentDecision, response: { 200: RedirectTo, ...errorResponses } },
      },
      async (request) => {
        const { consent_challenge: challenge, grant_scope: grantScope, remember } = request.body;
        const found = await openRequest(request, challenge);
        if ("redirectTo" in found) return { redirect_to: found.redirectTo };
        const requested = found.request.requested_scope ?? [];
        const extra = grantScope.filter((scope) => !requested.includes(scope));
        if (extra.length > 0) {
          throw new FieldErrors([{ field: "grant_scope", code: "scope_not_requested", values: extra }]);
        }
        return { redirect_to: await accept(request, found.request, grantScope, remember) };
      },
    );

    consent.post(
      "/consent/reject",
      {
        bodyLimit: bodyLimits.challenge,
        schema: { body: ConsentRejection, response: { 200: RedirectTo, ...errorResponses } },
      },
      async (request) => {
        const challenge = request.body.consent_challenge;
        const found = await openRequest(request, challenge);
        // Answered already (e.g. allowed in another tab): denying it now would say the opposite of what happened.
        if ("redirectTo" in found) throw new ClientError(410, "challenge_answered");
        return { redirect_to: await challenges.rejectConsent(challenge) };
      },
    );
  });

  // Logout needs no Kratos session: ending Hydra's session must work after Kratos' has expired.
  fastify.get("/logout", { schema: { querystring: LogoutQuery, response: { 200: LogoutRequest, ...errorResponses } } }, async (request) => {
    const challenge = request.query.logout_challenge;
    const { challenge: known, client } = await challenges.logoutRequest(challenge);
    return {
      challenge: known ?? challenge,
      application: client ? { client_id: client.client_id ?? "", client_name: client.client_name || client.client_id || "" } : null,
    };
  });

  fastify.post(
    "/logout/accept",
    {
      onRequest: fastify.guards.optionalSession,
      bodyLimit: bodyLimits.challenge,
      schema: { body: LogoutAcceptance, response: { 200: RedirectTo, ...errorResponses } },
    },
    async (request) => {
      const challenge = request.body.logout_challenge;
      // A signed-in caller ends only their own sessions, never those of whomever the challenge names.
      if (request.session && (await challenges.logoutRequest(challenge)).subject !== subjectOf(request)) {
        throw otherAccount();
      }
      return { redirect_to: await challenges.acceptLogout(challenge) };
    },
  );
};

export default oauth2Routes;
