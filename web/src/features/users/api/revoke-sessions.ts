// DELETE /api/users/:id/sessions: signs the person out everywhere.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey } from "./user-types";

export function revokeSessions(id: string) {
  return apiRequest<undefined>(`${userPath(id)}/sessions`, { method: "DELETE" });
}

export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
