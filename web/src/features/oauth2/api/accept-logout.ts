// POST /api/oauth2/logout/accept: Hydra ends its session (and Kratos'), and names where the browser goes next.
import type { RedirectTo } from "../../../../../server/src/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api";

export function acceptLogout(challenge: string): Promise<RedirectTo> {
  return apiRequest("/api/oauth2/logout/accept", { method: "POST", body: { logout_challenge: challenge } });
}
