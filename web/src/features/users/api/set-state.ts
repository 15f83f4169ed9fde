// PUT /api/users/:id/state: deactivates or reactivates the account.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userPath, usersKey, type User } from "./user-types";

export function setState({ id, state }: { id: string; state: "active" | "inactive" }) {
  return apiRequest<User>(`${userPath(id)}/state`, { method: "PUT", body: { state } });
}

export function useSetState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setState, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
