// DELETE /api/oauth2/consents: takes every application's access back, their tokens included.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { connectedAppsQueryOptions } from "./list-connected-apps";

export function revokeAllConnectedApps(): Promise<void> {
  return apiRequest("/api/oauth2/consents", { method: "DELETE" });
}

export function useRevokeAllConnectedApps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllConnectedApps,
    onSuccess: () => queryClient.invalidateQueries(connectedAppsQueryOptions()),
  });
}
