// What the SPA does with the outcome of the session check on a given URL
// (signed out: sign in; one factor of two: the step-up sign-in; Kratos down:
// the unavailable page). Pure, so every case is tested without a browser.
import { signInHref } from "#contract/flows.js";
import { href, paths } from "#contract/paths.js";
import type { SessionOutcome } from "./get-session";

export type GateDecision =
  /** Render the route: a public page on its own, any other page inside the shell. */
  { kind: "page" } | { kind: "redirect"; to: string } | { kind: "unavailable" };

/**
 * `isPublic`: whether the route tree marks the route at `url` public; `termsPendingAllowed`: whether it shows a
 * person who has not accepted the current terms of service (the page that asks them to).
 */
export function decideGate(outcome: SessionOutcome, url: URL, isPublic: boolean, termsPendingAllowed = false): GateDecision {
  switch (outcome.kind) {
    case "session":
      // A new version of the terms: accepted first, then back here.
      if (outcome.session.terms_pending !== undefined && !isPublic && !termsPendingAllowed) {
        return { kind: "redirect", to: href("terms", { return_to: `${url.pathname}${url.search}${url.hash}` }) };
      }
      return { kind: "page" };
    case "unavailable":
      return { kind: "unavailable" };
    case "signed-out":
    case "failed":
      return isPublic ? { kind: "page" } : { kind: "redirect", to: signInHref(url.href) };
    case "second-factor":
      return isPublic ? stepUpFromPublicPage(url) : { kind: "redirect", to: signInHref(url.href, { aal: "aal2" }) };
  }
}

function stepUpFromPublicPage(url: URL): GateDecision {
  // Kratos sends the browser back to /login?flow=<id> without the aal parameter:
  // a login that carries a flow is the step-up already, and redirecting it loops.
  const search = url.searchParams;
  const alreadyThere = url.pathname === paths.login && (search.get("aal") === "aal2" || search.has("flow"));
  // Signing out and reading an error must work without the second factor.
  if (alreadyThere || url.pathname === paths.logout || url.pathname === paths.error) return { kind: "page" };
  return { kind: "redirect", to: signInHref(url.searchParams.get("return_to") ?? undefined, { aal: "aal2" }) };
}
