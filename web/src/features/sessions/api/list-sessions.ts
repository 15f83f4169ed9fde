// GET /api/account/sessions: where the user is signed in, this browser's session and the others, as the
// portal shows a session (a device and an address, never the user agent as sent).
import { apiReads } from "#contract/boot.js";
import type { MySessions, UserSession } from "#contract/schemas/users.js";
import { apiRequest } from "../../../lib/api-client";
import { pageReadQueryOptions } from "../../../lib/page-read";

export type { MySessions, UserSession };

export function listSessions(signal?: AbortSignal): Promise<MySessions> {
  return apiRequest<MySessions>(apiReads.mySessions, { signal });
}

export const sessionsQueryOptions = () => pageReadQueryOptions(["api", "account", "sessions"], apiReads.mySessions, listSessions);
