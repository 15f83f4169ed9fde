// POST /api/invitation/accept, then Kratos: the portal spends the link and
// answers a recovery flow of Kratos' with its one-time code; submitting the
// code signs the invitee in, and Kratos answers 422 browser_location_change_required
// towards its settings flow, which the invitee continues on the password page
// (/changepwd), as after any recovery: there they choose their password, welcomed
// as an invitee (?notice=invited) rather than told their account was recovered.
import { useMutation } from "@tanstack/react-query";
import { changePasswordNotice } from "#contract/flows.js";
import { href } from "#contract/paths.js";
import type { AcceptedInvitation } from "#contract/schemas/invitations.js";
import { apiRequest } from "../../../lib/api-client";
import { settingsFlowIn } from "../../../lib/kratos/continue-with";
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
    const settingsFlow = action.kind === "redirect" ? settingsFlowIn(action.url) : undefined;
    if (settingsFlow) return href("changePassword", { flow: settingsFlow, notice: changePasswordNotice.invited });
    const next = action.kind === "redirect" ? safeRedirect(action.url) : undefined;
    if (next) return next;
    throw error;
  }
  return href("changePassword");
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, onSuccess: (next) => window.location.assign(next) });
}
