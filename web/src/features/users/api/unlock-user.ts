// POST /api/users/:id/unlock: ends the sign-in lock that wrong passwords put on the account.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey, type User } from "./user-types";

export function unlockUser(id: string) {
  return apiRequest<User>(`${userPath(id)}/unlock`, { method: "POST" });
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
