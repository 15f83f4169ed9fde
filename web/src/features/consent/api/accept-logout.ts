// POST /api/oauth2/logout/accept: Hydra ends its session (and Kratos'), and names where the browser goes next.
import type { RedirectTo } from "#contract/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api-client";
import { hydraRedirect } from "./hydra-redirect";

export async function acceptLogout(challenge: string): Promise<string> {
  return hydraRedirect(
    await apiRequest<RedirectTo>("/api/oauth2/logout/accept", { method: "POST", body: { logout_challenge: challenge } }),
  );
}
