// GET /api/invitations: the invitations not accepted yet, newest first.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { invitationsKey, invitationsPath, type InvitationList } from "./invitation-types";

export function listInvitations(signal?: AbortSignal) {
  return apiRequest<InvitationList>(invitationsPath, { signal });
}

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsKey, queryFn: ({ signal }) => listInvitations(signal), staleTime: 0 });
