// Kratos' self-service flows as the portal knows them: their kinds (the page
// that shows each is in contract/pages.ts), and the one flow query: what a flow page's URL asks of a new
// flow, read from a URL or a flow, written into a URL, handed to the SDK, and
// the sign-in link that comes back. The server starts flows for the pages
// (routes/app-page.ts) and passes Kratos' redirects on to them
// (routes/kratos-proxy.ts); the app starts them when the page came without one.
import { href } from "./paths.js";

/**
 * The five self-service flows a page renders and the proxy passes on; the server starts one for its page when
 * the page is opened without ?flow= (the settings flow for a signed-in visitor only).
 */
export const flowKinds = ["login", "registration", "recovery", "verification", "settings"] as const;
export type FlowKind = (typeof flowKinds)[number];

/** Every name of the flow query, as the URL spells it. */
export const flowQueryNames = ["return_to", "aal", "refresh", "login_challenge"] as const;
export type FlowQueryName = (typeof flowQueryNames)[number];

/**
 * What a flow page's URL asks of a new flow: return_to; for login also aal ("aal2" asks for a second factor),
 * refresh ("true": sign in again although signed in) and login_challenge (Hydra's login request, when the
 * portal is its login UI).
 */
export type FlowQuery = Partial<Record<FlowQueryName, string>>;

/** Which of the query each kind of flow takes. */
const namesOf: { readonly [K in FlowKind]: readonly FlowQueryName[] } = {
  login: flowQueryNames,
  registration: ["return_to"],
  recovery: ["return_to"],
  verification: ["return_to"],
  settings: ["return_to"],
};

/** The query a flow of this kind takes from a page's search parameters; empty values are left out. */
export function flowQueryOf(kind: FlowKind, search: { get(name: string): string | null }): FlowQuery {
  const query: FlowQuery = {};
  for (const name of namesOf[kind]) {
    const value = search.get(name);
    if (value) query[name] = value;
  }
  return query;
}

/** What a flow shows of the query it was started with (the SDK's flows, of any kind, have these fields). */
export interface FlowAsked {
  return_to?: string;
  requested_aal?: string;
  refresh?: boolean;
  oauth2_login_challenge?: string;
}

/** The query that starts a flow like this one again: a flow that must be replaced keeps what it was asked. */
export function flowQueryOfFlow(flow: FlowAsked | undefined): FlowQuery {
  if (!flow) return {};
  return {
    return_to: flow.return_to || undefined,
    // aal1 is what a login asks without ?aal=.
    aal: flow.requested_aal === "aal1" ? undefined : flow.requested_aal || undefined,
    refresh: flow.refresh ? "true" : undefined,
    login_challenge: flow.oauth2_login_challenge || undefined,
  };
}

/** The search parameters with the query's values set (the others kept), for a page that starts the flow anew. */
export function withFlowQuery(search: URLSearchParams, query: FlowQuery): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of flowQueryNames) {
    const value = query[name];
    if (value) next.set(name, value);
  }
  return next;
}

/** The query as @ory/client's createBrowser<Kind>Flow takes it (the login's refresh is a boolean there). */
export function browserFlowParameters({ return_to, aal, refresh, login_challenge }: FlowQuery) {
  return {
    returnTo: return_to,
    aal,
    refresh: refresh === undefined ? undefined : refresh === "true",
    loginChallenge: login_challenge,
  };
}

/** Where a flow page sends the browser once done: the flow's return_to, else the one its URL asked for. */
export function returnToOf(flow: FlowAsked | undefined, search: { get(name: string): string | null }): string | undefined {
  return flow?.return_to || search.get("return_to") || undefined;
}

/** What the sign-in page is asked besides coming back: a second factor, signing in again, or why it was sent there. */
export interface SignInAsk {
  aal?: "aal2";
  refresh?: boolean;
  /** The sign-in page's notice: the account was deleted, or the session ended. */
  notice?: "deleted" | "expired";
}

/** The sign-in page's link that comes back to `returnTo` (an absolute URL) after signing in. */
export function signInHref(returnTo: string | undefined, { aal, refresh, notice }: SignInAsk = {}): string {
  return href("login", { aal, refresh: refresh ? "true" : undefined, notice, return_to: returnTo });
}

/** The password page's notice: the settings flow an accepted invitation opened (features/invitation). */
export const changePasswordNotice = { invited: "invited" } as const;
