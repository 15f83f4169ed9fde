// POST /api/users/:id/verification: mails the person a new verification code.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey } from "./user-types";

export function sendVerification(id: string) {
  return apiRequest<undefined>(`${userPath(id)}/verification`, { method: "POST" });
}

export function useSendVerification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendVerification, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
