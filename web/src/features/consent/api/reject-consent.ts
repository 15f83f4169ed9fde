// POST /api/oauth2/consent/reject: the application gets access_denied.
import type { RedirectTo } from "#contract/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api-client";
import { hydraRedirect } from "./hydra-redirect";

export async function rejectConsent(challenge: string): Promise<string> {
  return hydraRedirect(
    await apiRequest<RedirectTo>("/api/oauth2/consent/reject", { method: "POST", body: { consent_challenge: challenge } }),
  );
}
