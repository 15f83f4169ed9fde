// Hydra's consent and logout requests, named by their challenges (admin API).
// An unknown, expired or answered challenge is an answer the portal expects.
import type { AcceptOAuth2ConsentRequest, OAuth2Api, OAuth2ConsentRequest, OAuth2LogoutRequest } from "@ory/client";
import { ClientError } from "../errors.js";
import { callUpstream, type ExpectedAnswers } from "../upstream/call.js";

/** The request to ask about, or (Hydra's 410) where the browser goes because it was answered already. */
export type ConsentLookup = { request: OAuth2ConsentRequest } | { redirectTo: string };

export interface HydraChallenges {
  consentRequest(challenge: string): Promise<ConsentLookup>;
  /** Returns where the browser goes next: back to Hydra, on to the application. */
  acceptConsent(challenge: string, decision: AcceptOAuth2ConsentRequest): Promise<string>;
  rejectConsent(challenge: string): Promise<string>;
  logoutRequest(challenge: string): Promise<OAuth2LogoutRequest>;
  acceptLogout(challenge: string): Promise<string>;
}

const unknown = () => {
  throw new ClientError(404, "challenge_unknown");
};

const answered = () => {
  throw new ClientError(410, "challenge_answered");
};

/** Hydra's 410 carries redirect_to (OAuth2RedirectTo) for a request that was answered. */
function redirectOf(body: unknown): string | undefined {
  const redirect = (body as { redirect_to?: unknown } | null | undefined)?.redirect_to;
  return typeof redirect === "string" && redirect !== "" ? redirect : undefined;
}

// Hydra 2 challenges are sealed flows: a tampered or expired one is refused (400, 403), not merely unknown (404).
function challengeAnswers<T>(onAnswered: (body: unknown) => T = answered): ExpectedAnswers<T> {
  return { 400: unknown, 403: unknown, 404: unknown, 410: (_failure, body) => onAnswered(body) };
}

export function hydraChallenges(api: OAuth2Api): HydraChallenges {
  return {
    consentRequest: (challenge) =>
      callUpstream<ConsentLookup>(
        "hydra",
        "getOAuth2ConsentRequest",
        async () => ({ request: (await api.getOAuth2ConsentRequest({ consentChallenge: challenge })).data }),
        challengeAnswers((body) => {
          const redirectTo = redirectOf(body);
          return redirectTo ? { redirectTo } : answered();
        }),
      ),
    acceptConsent: (challenge, decision) =>
      callUpstream(
        "hydra",
        "acceptOAuth2ConsentRequest",
        async () =>
          (await api.acceptOAuth2ConsentRequest({ consentChallenge: challenge, acceptOAuth2ConsentRequest: decision })).data.redirect_to,
        challengeAnswers((body) => redirectOf(body) ?? answered()),
      ),
    rejectConsent: (challenge) =>
      callUpstream(
        "hydra",
        "rejectOAuth2ConsentRequest",
        async () =>
          (
            await api.rejectOAuth2ConsentRequest({
              consentChallenge: challenge,
              rejectOAuth2Request: { error: "access_denied", error_description: "The user denied the request." },
            })
          ).data.redirect_to,
        challengeAnswers(),
      ),
    logoutRequest: (challenge) =>
      callUpstream(
        "hydra",
        "getOAuth2LogoutRequest",
        async () => (await api.getOAuth2LogoutRequest({ logoutChallenge: challenge })).data,
        challengeAnswers(),
      ),
    // Hydra also ends the Kratos session that accepted the login (urls.identity_provider.url).
    acceptLogout: (challenge) =>
      callUpstream(
        "hydra",
        "acceptOAuth2LogoutRequest",
        async () => (await api.acceptOAuth2LogoutRequest({ logoutChallenge: challenge })).data.redirect_to,
        challengeAnswers(),
      ),
  };
}
