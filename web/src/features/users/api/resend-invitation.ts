// POST /api/invitations/:id/resend: a new link by mail; the earlier one stops working.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { invitationPath, invitationsKey, type InvitationSent } from "./invitation-types";

export function resendInvitation(id: string) {
  return apiRequest<InvitationSent>(`${invitationPath(id)}/resend`, { method: "POST" });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }) });
}
