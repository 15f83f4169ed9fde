// GET /api/oauth2/consent: what the application asks for, or (a remembered
// decision, a trusted client) straight away where the browser goes next. The
// page's first answer comes with the page (the server renders the page with it).
import { queryOptions } from "@tanstack/react-query";
import { apiReads } from "#contract/boot.js";
import type { ConsentRequest, RedirectTo } from "#contract/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";
import { hydraRedirect } from "./hydra-redirect";

export type { ConsentRequest };

export type ConsentAnswer = { kind: "ask"; request: ConsentRequest } | { kind: "leave"; url: string };

function consentAnswerOf(answer: ConsentRequest | RedirectTo): ConsentAnswer {
  return "redirect_to" in answer ? { kind: "leave", url: hydraRedirect(answer) } : { kind: "ask", request: answer };
}

export async function getConsentRequest(challenge: string, signal?: AbortSignal): Promise<ConsentAnswer> {
  return consentAnswerOf(await apiRequest<ConsentRequest | RedirectTo>(apiReads.consentRequest(challenge), { signal }));
}

export const consentRequestQueryOptions = (challenge: string) =>
  queryOptions({
    queryKey: ["api", "oauth2", "consent", challenge],
    queryFn: ({ signal }) => getConsentRequest(challenge, signal),
    initialData: () => {
      const answer = takeBootAnswer(apiReads.consentRequest(challenge)) as ConsentRequest | RedirectTo | undefined;
      return answer && consentAnswerOf(answer);
    },
    // A challenge is answered once; asking Hydra again later would only find it used.
    staleTime: Infinity,
    gcTime: 0,
  });
