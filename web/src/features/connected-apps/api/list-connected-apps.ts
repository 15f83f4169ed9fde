// GET /api/oauth2/consents: the applications the signed-in user allowed to use their account.
import { queryOptions } from "@tanstack/react-query";
import type { ConnectedApp, ConnectedApps } from "#contract/schemas/oauth2.js";
import { apiReads } from "#contract/boot.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";
import { freshWhilePageAnswer } from "../../../lib/page-read";

export type { ConnectedApp };

export async function listConnectedApps(signal?: AbortSignal): Promise<ConnectedApp[]> {
  return (await apiRequest<ConnectedApps>("/api/oauth2/consents", { signal })).apps;
}

export const connectedAppsQueryOptions = () =>
  queryOptions({
    queryKey: ["api", "oauth2", "consents"],
    queryFn: ({ signal }) => listConnectedApps(signal),
    initialData: () => (takeBootAnswer(apiReads.connectedApps) as ConnectedApps | undefined)?.apps,
    staleTime: freshWhilePageAnswer,
  });
