// What a flow page does when Kratos does not answer a flow call with success.
// One place maps every answer to one action; the page only carries it out.
import type { app as en } from "#locales/en/app.js";
import { errorMessage } from "../error-message";
import { i18n } from "../i18n";
import { signInHref } from "#contract/flows.js";
import { href } from "#contract/paths.js";
import { safeInAppPath } from "../redirect";
import {
  errorBodyOf,
  failureOf,
  isAal2Required,
  isBrowserLocationChangeRequired,
  isCsrfViolation,
  isFlow,
  isFlowExpired,
  isFlowReplaced,
  isIdentityDisabled,
  isIdentityMismatch,
  isRefreshRequired,
  isSessionAlreadyAvailable,
  isSessionInactive,
  type KratosFlow,
} from "./errors";

export type FlowErrorAction =
  /** Kratos answered with the flow itself: render it with its messages. */
  | { kind: "show-flow"; flow: KratosFlow }
  /** Kratos already made the replacement flow (with its own message); load it. */
  | { kind: "load-flow"; flowId: string }
  /** Start a new browser flow of the same kind, keep return_to, and tell the user why. */
  | { kind: "restart"; returnTo: string | undefined; notice: FlowNotice }
  /** Leave the SPA: the browser itself must go there (Kratos or OAuth2 URLs). */
  | { kind: "redirect"; url: string }
  /** Go to another page of the SPA. */
  | { kind: "navigate"; to: string }
  /** Nothing to recover: show the message where the user acted. */
  | { kind: "fail"; message: string };

export interface FlowErrorContext {
  /** The return_to of the flow at hand, kept when a new flow has to be started. */
  returnTo?: string;
  /** The absolute URL the user is on, to come back to after signing in again. */
  currentUrl: string;
}

/** Why a new flow was started, as a key of the catalog's flows.notices. */
export type FlowNotice = keyof typeof en.flows.notices;

export function handleFlowError(error: unknown, context: FlowErrorContext): FlowErrorAction {
  const { status, body } = failureOf(error);

  // The portal's abuse limits answer for Kratos through /kratos: the form stays, with how long to wait.
  if (status === 429) return { kind: "fail", message: errorMessage(error) };

  // A 400 that carries the flow is a step (wrong password, second registration screen), not a failure.
  if (isFlow(body)) return { kind: "show-flow", flow: body };

  if (isFlowExpired(body) || isFlowReplaced(body)) {
    const errorBody = errorBodyOf(body);
    if (errorBody?.use_flow_id) return { kind: "load-flow", flowId: errorBody.use_flow_id };
    const returnTo = errorBody?.error?.details?.return_to;
    return {
      kind: "restart",
      returnTo: typeof returnTo === "string" && returnTo !== "" ? returnTo : context.returnTo,
      notice: "expired",
    };
  }
  if (isCsrfViolation(body)) return { kind: "restart", returnTo: context.returnTo, notice: "csrf" };
  if (isIdentityMismatch(body)) {
    return { kind: "restart", returnTo: context.returnTo, notice: "identityMismatch" };
  }
  // 422 browser_location_change_required: the flow continues elsewhere (second factor, settings after recovery).
  if (isBrowserLocationChangeRequired(body)) {
    const url = errorBodyOf(body)?.redirect_browser_to;
    if (url) return { kind: "redirect", url };
  }
  if (isAal2Required(body)) {
    return { kind: "navigate", to: signInHref(context.currentUrl, { aal: "aal2" }) };
  }
  // 403 session_refresh_required: a privileged change on a session older than privileged_session_max_age.
  if (isRefreshRequired(body)) {
    return { kind: "navigate", to: signInHref(context.currentUrl, { refresh: true }) };
  }
  // A new login or registration flow for a signed-in user: go where it would have led.
  if (isSessionAlreadyAvailable(body)) {
    return { kind: "navigate", to: safeInAppPath(context.returnTo, new URL(context.currentUrl).origin) ?? href("settings") };
  }
  if (isIdentityDisabled(body)) return { kind: "fail", message: i18n.t("auth.signInDeactivated") };
  if (isSessionInactive(body) || status === 401) {
    return { kind: "navigate", to: signInHref(context.currentUrl) };
  }

  if (status === 410) return { kind: "restart", returnTo: context.returnTo, notice: "expired" };
  if (status === 404) return { kind: "restart", returnTo: context.returnTo, notice: "unknownFlow" };

  return { kind: "fail", message: errorMessage(error) };
}
