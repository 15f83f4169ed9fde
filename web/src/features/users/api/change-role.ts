// POST /api/users/:id/roles: grants or revokes a role.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey, type User } from "./user-types";

export interface RoleChange {
  id: string;
  role: "admin";
  change: "grant" | "revoke";
}

export function changeRole({ id, role, change }: RoleChange) {
  return apiRequest<User>(`${userPath(id)}/roles`, { method: "POST", body: { role, change } });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
