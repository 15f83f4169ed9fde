// POST /api/invitations/check: which of a list's addresses already have an account (admins only; sends nothing).
import { apiRequest } from "../../../lib/api-client";
import { invitationsPath, type InvitationCheck, type InvitationCheckBody } from "./invitation-types";

export function checkInvitations(body: InvitationCheckBody) {
  return apiRequest<InvitationCheck>(`${invitationsPath}/check`, { method: "POST", body });
}
