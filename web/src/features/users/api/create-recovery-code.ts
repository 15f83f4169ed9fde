// POST /api/users/:id/recovery-code: a recovery link and code for the admin to give the person.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey, type RecoveryCode } from "./user-types";

export function createRecoveryCode(id: string) {
  return apiRequest<RecoveryCode>(`${userPath(id)}/recovery-code`, { method: "POST" });
}

/** The audit trail has a new line; the code itself is not kept by the data layer (the caller resets it). */
export function useCreateRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRecoveryCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
