// DELETE /api/oauth2/consents/:clientId: takes one application's access back, its tokens included.
import { apiRequest } from "../../../lib/api";

export function revokeConnectedApp(clientId: string): Promise<void> {
  return apiRequest(`/api/oauth2/consents/${encodeURIComponent(clientId)}`, { method: "DELETE" });
}
