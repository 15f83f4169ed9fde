// Deleting the account and downloading its data need a recent sign-in: the server refuses an older one with
// reauthentication_required (recentSignIn, server/src/plugins/guards.ts, within PRIVILEGED_SESSION_MAX_AGE).
// The person signs in again through Kratos' login with refresh=true, which brings them back to the card they
// acted on, where the same action then goes through.
import { signInHref } from "#contract/flows.js";
import { apiProblemOf } from "./api-problem";

/** Whether a failure asks for a recent sign-in (then the person is on the way there: nothing to show). */
export const needsRecentSignIn = (error: unknown): boolean => apiProblemOf(error)?.kind === "reauthenticate";

/** Sends the person to sign in again and back to `back`: a path of the portal, with the card's anchor. */
export function signInAgain(back: string): void {
  window.location.assign(signInHref(`${window.location.origin}${back}`, { refresh: true }));
}
