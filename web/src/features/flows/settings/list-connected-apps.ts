// GET /api/oauth2/consents: the applications the signed-in user allowed to use their account.
import type { ConnectedApp, ConnectedApps } from "../../../../../server/src/schemas/oauth2.js";
import { apiRequest } from "../../../lib/api";

export type { ConnectedApp };

export async function listConnectedApps(signal?: AbortSignal): Promise<ConnectedApp[]> {
  return (await apiRequest<ConnectedApps>("/api/oauth2/consents", { signal })).apps;
}
