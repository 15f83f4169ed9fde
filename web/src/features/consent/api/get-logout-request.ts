// GET /api/oauth2/logout: which application asks to end the user's session.
// The page's first answer comes with the page (the server renders the page with it).
import { queryOptions } from "@tanstack/react-query";
import { apiReads } from "#contract/boot.js";
import type { LogoutRequest } from "#contract/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";

export type { LogoutRequest };

export function getLogoutRequest(challenge: string, signal?: AbortSignal): Promise<LogoutRequest> {
  return apiRequest(apiReads.logoutRequest(challenge), { signal });
}

export const logoutRequestQueryOptions = (challenge: string) =>
  queryOptions({
    queryKey: ["api", "oauth2", "logout", challenge],
    queryFn: ({ signal }) => getLogoutRequest(challenge, signal),
    initialData: () => takeBootAnswer(apiReads.logoutRequest(challenge)) as LogoutRequest | undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
