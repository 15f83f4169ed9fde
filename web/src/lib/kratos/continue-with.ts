// Where Kratos says the browser goes after a finished flow (continue_with).
import type { ContinueWith } from "@ory/client-fetch";
import { href, paths } from "#contract/paths.js";
import { safeRedirect } from "../redirect";

export function redirectTarget(continueWith: readonly ContinueWith[] | undefined): string | undefined {
  for (const item of continueWith ?? []) {
    if (item.action === "redirect_browser_to") return item.redirect_browser_to;
  }
  return undefined;
}

export function verificationFlowId(continueWith: readonly ContinueWith[] | undefined): string | undefined {
  for (const item of continueWith ?? []) {
    if (item.action === "show_verification_ui") return item.flow.id;
  }
  return undefined;
}

/** Where the browser goes once a flow is done: Kratos' continue_with, else the flow's return_to, each only when it stays on the portal. */
export function nextUrl(continueWith: readonly ContinueWith[] | undefined, returnTo: string | undefined): string {
  return safeRedirect(redirectTarget(continueWith)) ?? safeRedirect(returnTo) ?? href("home");
}

/** The settings flow's id when Kratos sends the browser to this portal's settings page (after a recovery code). */
export function settingsFlowIn(url: string): string | undefined {
  const target = safeRedirect(url);
  if (!target || new URL(target).pathname !== paths.settings) return undefined;
  return new URL(target).searchParams.get("flow") ?? undefined;
}
