// DELETE /api/users/:id: deletes the account as its owner would.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey } from "./user-types";

export function deleteUser(id: string) {
  return apiRequest<undefined>(userPath(id), { method: "DELETE" });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
