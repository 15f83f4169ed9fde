// DELETE /api/oauth2/consents/:clientId: takes one application's access back, its tokens included.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { connectedAppsQueryOptions } from "./list-connected-apps";

export function revokeConnectedApp(clientId: string): Promise<void> {
  return apiRequest(`/api/oauth2/consents/${encodeURIComponent(clientId)}`, { method: "DELETE" });
}

export function useRevokeConnectedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeConnectedApp,
    onSuccess: () => queryClient.invalidateQueries(connectedAppsQueryOptions()),
  });
}
