// GET /api/oauth2/consents: the applications the signed-in user allowed to use their account.
import { queryOptions } from "@tanstack/react-query";
import type { ConnectedApp, ConnectedApps } from "#contract/schemas/oauth2.js";
import { apiReads } from "#contract/boot.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";

export type { ConnectedApp };

export async function listConnectedApps(signal?: AbortSignal): Promise<ConnectedApp[]> {
  return (await apiRequest<ConnectedApps>("/api/oauth2/consents", { signal })).apps;
}

export const connectedAppsQueryOptions = () =>
  queryOptions({
    queryKey: ["api", "oauth2", "consents"],
    queryFn: ({ signal }) => listConnectedApps(signal),
    initialData: () => (takeBootAnswer(apiReads.connectedApps) as ConnectedApps | undefined)?.apps,
    // The page's own answer is as fresh as a request now would be: asked again only when a change invalidates it.
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? Infinity : 0),
  });
