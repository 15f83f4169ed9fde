// GET /api/oauth2/logout: which application asks to end the user's session.
import type { LogoutRequest } from "../../../../../server/src/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api";

export type { LogoutRequest };

export function getLogoutRequest(challenge: string, signal?: AbortSignal): Promise<LogoutRequest> {
  return apiRequest("/api/oauth2/logout", { query: { logout_challenge: challenge }, signal });
}
