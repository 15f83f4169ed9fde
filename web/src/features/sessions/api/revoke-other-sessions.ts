// DELETE /sessions: signs out every session but this one; answers how many ended.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { kratos } from "../../../lib/kratos/client";
import { sessionsQueryOptions } from "./list-sessions";

export async function revokeOtherSessions(): Promise<number> {
  return (await kratos().disableMyOtherSessions()).count ?? 0;
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries(sessionsQueryOptions()),
  });
}
