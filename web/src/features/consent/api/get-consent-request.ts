// GET /api/oauth2/consent: what the application asks for, or (a remembered
// decision, a trusted client) straight away where the browser goes next.
import { queryOptions } from "@tanstack/react-query";
import type { ConsentRequest, RedirectTo } from "#contract/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api-client";
import { hydraRedirect } from "./hydra-redirect";

export type { ConsentRequest };

export type ConsentAnswer = { kind: "ask"; request: ConsentRequest } | { kind: "leave"; url: string };

export async function getConsentRequest(challenge: string, signal?: AbortSignal): Promise<ConsentAnswer> {
  const answer = await apiRequest<ConsentRequest | RedirectTo>("/api/oauth2/consent", { query: { consent_challenge: challenge }, signal });
  return "redirect_to" in answer ? { kind: "leave", url: hydraRedirect(answer) } : { kind: "ask", request: answer };
}

export const consentRequestQueryOptions = (challenge: string) =>
  queryOptions({
    queryKey: ["api", "oauth2", "consent", challenge],
    queryFn: ({ signal }) => getConsentRequest(challenge, signal),
    // A challenge is answered once; asking Hydra again later would only find it used.
    staleTime: Infinity,
    gcTime: 0,
  });
