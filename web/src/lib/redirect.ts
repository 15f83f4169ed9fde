// Every URL the SPA sends the browser to but did not build itself passes
// here: return_to from the address bar or a flow, Kratos' continue_with and
// redirect_browser_to, link nodes, Hydra's redirect_to. The value is parsed
// the way the browser will parse it, so `//evil.example` is seen for what it
// is, and one on the portal's origins must not hold a character the browser
// and Kratos read differently (contract/redirects.ts); the normalised URL is
// what the caller follows, never the raw text.

import { allowedRedirect } from "#contract/redirects.js";
import { pageOrigin } from "./boot-data";

export type RedirectTargets =
  /** The portal itself; relative values resolve against it. */
  | { kind: "same-origin"; alsoOrigins?: readonly (string | undefined)[] }
  /** Any web page: only absolute http(s) URLs. */
  | { kind: "web" };

const sameOrigin: RedirectTargets = { kind: "same-origin" };

/** The URL to follow, or undefined when `value` may not be followed. */
export function safeRedirect(
  value: string | null | undefined,
  targets: RedirectTargets = sameOrigin,
  base = pageOrigin(),
): string | undefined {
  if (!value) return undefined;
  if (targets.kind === "same-origin") {
    const allowed = [new URL(base).origin, ...(targets.alsoOrigins ?? []).flatMap((origin) => (origin ? [originOf(origin)] : []))];
    return allowedRedirect(value, base, allowed);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
}

/** The same check for a route inside the SPA: its path, query and hash, ready for the router. */
export function safeInAppPath(value: string | null | undefined, base = pageOrigin()): string | undefined {
  const href = safeRedirect(value, sameOrigin, base);
  if (!href) return undefined;
  const url = new URL(href);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The origin of a URL, or "" (which no URL has) when it is not one. */
export function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return "";
  }
}
