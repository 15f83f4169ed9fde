// Where the portal lets Kratos send a browser: the portal's own origin and
// CSP_FORM_ACTION_ORIGINS (Hydra's issuer, the sign-in providers, any
// allowed_return_urls of another origin), each URL as contract/redirects.ts
// allows it. The proxy checks the return_to of every request it passes on and
// the Location of every answer; the app page the return_to of the flows it
// starts. Kratos' own allow list stays the first check; this one holds where
// Kratos reads a URL otherwise than the browser will.
import { allowedRedirect } from "#contract/redirects.js";

export interface Redirects {
  /** `value` as a return_to to hand to Kratos, or undefined when it may not be one. */
  returnTo(value: string): string | undefined;
  /** Whether every return_to of a query string may be handed to Kratos. */
  queryAllowed(search: string): boolean;
  /** The Location to pass on for Kratos' (relative ones resolved against `base`): itself, or the portal's home page. */
  location(location: string, base: string): string;
}

export function kratosRedirects(origin: string, otherOrigins: readonly string[]): Redirects {
  const home = new URL("/", origin).href;
  const origins = [new URL(origin).origin, ...otherOrigins.map((other) => new URL(other).origin)];
  const allowed = (value: string, base = home) => allowedRedirect(value, base, origins);
  return {
    returnTo: (value) => allowed(value),
    // Every value, although Kratos reads the first: URLSearchParams and Go's url.ParseQuery split and decode alike.
    queryAllowed: (search) => new URLSearchParams(search).getAll("return_to").every((value) => allowed(value) !== undefined),
    location: (location, base) => (allowed(location, base) === undefined ? home : location),
  };
}
