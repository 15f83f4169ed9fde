// Every URL the SPA sends the browser to but did not build itself passes
// here: return_to from the address bar or a flow, Kratos' continue_with and
// redirect_browser_to, link nodes, Hydra's redirect_to. The value is parsed
// the way the browser will parse it (a backslash counts as a slash, tabs and
// new lines vanish), so `/\evil.example` or `//evil.example` are seen for what
// they are; the normalised URL is what the caller follows, never the raw text.

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
  let url: URL;
  try {
    url = targets.kind === "web" ? new URL(value) : new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (targets.kind === "web") return url.href;
  const allowed = [new URL(base).origin, ...(targets.alsoOrigins ?? []).flatMap((origin) => (origin ? [originOf(origin)] : []))];
  return allowed.includes(url.origin) ? url.href : undefined;
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
