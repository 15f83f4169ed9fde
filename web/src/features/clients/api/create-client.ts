// POST /api/clients: the answer carries the secret, the only time anyone sees it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { clientsKey, clientsPath, type ClientInput, type ClientWithSecret } from "./client-types";

export function createClient(input: ClientInput) {
  return apiRequest<ClientWithSecret>(clientsPath, { method: "POST", body: input });
}

/** The caller takes the secret from the answer and resets the mutation, so that the data layer keeps no copy. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
