// GET /api/oauth2/logout: which application asks to end the user's session.
import { queryOptions } from "@tanstack/react-query";
import type { LogoutRequest } from "#contract/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api-client";

export type { LogoutRequest };

export function getLogoutRequest(challenge: string, signal?: AbortSignal): Promise<LogoutRequest> {
  return apiRequest("/api/oauth2/logout", { query: { logout_challenge: challenge }, signal });
}

export const logoutRequestQueryOptions = (challenge: string) =>
  queryOptions({
    queryKey: ["api", "oauth2", "logout", challenge],
    queryFn: ({ signal }) => getLogoutRequest(challenge, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
