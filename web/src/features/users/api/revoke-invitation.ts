// DELETE /api/invitations/:id: takes the invitation back and deletes the account it made, never used.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { invitationPath } from "./invitation-types";
import { usersKey } from "./user-types";

export function revokeInvitation(id: string) {
  return apiRequest<undefined>(invitationPath(id), { method: "DELETE" });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
