// GET /api/oauth2/consent: what the application asks for, or (a remembered
// decision, a trusted client) straight away where the browser goes next.
import type { ConsentRequest, RedirectTo } from "../../../../../server/src/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api";

export type { ConsentRequest };

export function getConsentRequest(challenge: string, signal?: AbortSignal): Promise<ConsentRequest | RedirectTo> {
  return apiRequest("/api/oauth2/consent", { query: { consent_challenge: challenge }, signal });
}
