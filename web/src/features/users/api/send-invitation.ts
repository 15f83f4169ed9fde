// POST /api/invitations: makes the person's account and mails them the invitation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { invitationsPath, type InvitationBody, type InvitationSent } from "./invitation-types";
import { usersKey } from "./user-types";

export function sendInvitation(body: InvitationBody) {
  return apiRequest<InvitationSent>(invitationsPath, { method: "POST", body });
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
