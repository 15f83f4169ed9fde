// GET /api/account/sessions: where the user is signed in, this browser's session and the others, as the
// portal shows a session (a device and an address, never the user agent as sent).
import { queryOptions } from "@tanstack/react-query";
import { apiReads } from "#contract/boot.js";
import type { MySessions, UserSession } from "#contract/schemas/users.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";

export type { MySessions, UserSession };

export function listSessions(signal?: AbortSignal): Promise<MySessions> {
  return apiRequest<MySessions>(apiReads.mySessions, { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["api", "account", "sessions"],
    queryFn: ({ signal }) => listSessions(signal),
    initialData: () => takeBootAnswer(apiReads.mySessions) as MySessions | undefined,
    // The page's own answer is as fresh as a request now would be: asked again only when a change invalidates it.
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? Infinity : 0),
  });
