// POST /api/invitation/accept, then Kratos: the portal spends the link and
// answers a recovery flow of Kratos' with its one-time code; submitting the
// code signs the invitee in, and Kratos answers where the browser goes next
// (Account Settings, to choose a password: 422 browser_location_change_required).
import { useMutation } from "@tanstack/react-query";
import { href } from "#contract/paths.js";
import type { AcceptedInvitation } from "#contract/schemas/invitations.js";
import { apiRequest } from "../../../lib/api-client";
import { handleFlowError } from "../../../lib/kratos/handle-flow-error";
import { updateFlow } from "../../../lib/kratos/update-flow";
import { safeRedirect } from "../../../lib/redirect";

/** Where the browser goes once signed in. */
export async function acceptInvitation(token: string): Promise<string> {
  const { flow, code } = await apiRequest<AcceptedInvitation>("/api/invitation/accept", { method: "POST", body: { token } });
  try {
    await updateFlow("recovery", flow, { method: "code", code });
  } catch (error) {
    const action = handleFlowError(error, { currentUrl: window.location.href });
    const next = action.kind === "redirect" ? safeRedirect(action.url) : undefined;
    if (next) return next;
    throw error;
  }
  return href("settings");
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, onSuccess: (next) => window.location.assign(next) });
}
