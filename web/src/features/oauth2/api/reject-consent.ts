// POST /api/oauth2/consent/reject: the application gets access_denied.
import type { RedirectTo } from "../../../../../server/src/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api";

export function rejectConsent(challenge: string): Promise<RedirectTo> {
  return apiRequest("/api/oauth2/consent/reject", { method: "POST", body: { consent_challenge: challenge } });
}
