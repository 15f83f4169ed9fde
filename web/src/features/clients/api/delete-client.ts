// DELETE /api/clients/:id.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { clientPath, clientsKey } from "./client-types";

export function deleteClient(id: string) {
  return apiRequest<undefined>(clientPath(id), { method: "DELETE" });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }) });
}
