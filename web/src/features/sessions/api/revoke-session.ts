// DELETE /sessions/{id}: signs out one of the user's other sessions.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { kratos } from "../../../lib/kratos/client";
import { sessionsQueryOptions } from "./list-sessions";

export async function revokeSession(id: string): Promise<void> {
  await kratos().disableMySession({ id });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries(sessionsQueryOptions()),
  });
}
