// DELETE /api/oauth2/consents: takes every application's access back, their tokens included.
import { apiRequest } from "../../../lib/api";

export function revokeAllConnectedApps(): Promise<void> {
  return apiRequest("/api/oauth2/consents", { method: "DELETE" });
}
