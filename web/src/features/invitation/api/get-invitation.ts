// GET /api/invitation?token=…: the welcome of the mailed link (the invitee's
// name as the invitation holds it). Reading it changes nothing: mail scanners
// fetch links. The page's first answer comes with the page.
import { queryOptions } from "@tanstack/react-query";
import { apiReads } from "#contract/boot.js";
import type { InvitationWelcome } from "#contract/schemas/invitations.js";
import { apiRequest } from "../../../lib/api-client";
import { takeBootAnswer } from "../../../lib/boot-data";

export function getInvitation(token: string, signal?: AbortSignal) {
  return apiRequest<InvitationWelcome>(apiReads.invitation(token), { signal });
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["api", "invitation", token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    initialData: () => takeBootAnswer(apiReads.invitation(token)) as InvitationWelcome | undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
