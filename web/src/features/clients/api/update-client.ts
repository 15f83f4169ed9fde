// PUT /api/clients/:id: changes the fields it names; the server keeps the rest, secret included.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { clientPath, clientsKey, type Client, type ClientUpdate } from "./client-types";

export function updateClient(id: string, update: ClientUpdate) {
  return apiRequest<Client>(clientPath(id), { method: "PUT", body: update });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: ClientUpdate }) => updateClient(id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
