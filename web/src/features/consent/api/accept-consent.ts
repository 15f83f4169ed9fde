// POST /api/oauth2/consent/accept: grants the scopes; Hydra names where the browser goes next.
import type { ConsentDecision, RedirectTo } from "#contract/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api-client";
import { hydraRedirect } from "./hydra-redirect";

export async function acceptConsent(decision: ConsentDecision): Promise<string> {
  return hydraRedirect(await apiRequest<RedirectTo>("/api/oauth2/consent/accept", { method: "POST", body: decision }));
}
