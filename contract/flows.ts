// Kratos' self-service flows as the portal knows them: their kinds, and what a
// flow page's URL asks of a new flow. The server starts flows for the pages
// (routes/app-page.ts) and counts their submissions; the app starts them when
// the page came without one; both read the query and hand it to the SDK here.

/**
 * The five self-service flows a page renders and the proxy passes on; the server starts one for its page when
 * the page is opened without ?flow= (the settings flow for a signed-in visitor only).
 */
export const flowKinds = ["login", "registration", "recovery", "verification", "settings"] as const;
export type FlowKind = (typeof flowKinds)[number];

/** What a flow page's URL asks of a new flow, as the URL spells it. */
export interface FlowQuery {
  return_to?: string;
  /** Login only: "aal2" asks for a second factor. */
  aal?: string;
  /** Login only: "true" asks to sign in again although signed in. */
  refresh?: string;
  /** Login only: Hydra's login request, when the portal is its login UI. */
  login_challenge?: string;
}

/** Which of the query each kind of flow takes. */
export const flowQueryNames: { readonly [K in FlowKind]: readonly (keyof FlowQuery)[] } = {
  login: ["return_to", "aal", "refresh", "login_challenge"],
  registration: ["return_to"],
  recovery: ["return_to"],
  verification: ["return_to"],
  settings: ["return_to"],
};

/** The query a flow of this kind takes from a page's search parameters; empty values are left out. */
export function flowQueryOf(kind: FlowKind, search: { get(name: string): string | null }): FlowQuery {
  const query: FlowQuery = {};
  for (const name of flowQueryNames[kind]) {
    const value = search.get(name);
    if (value) query[name] = value;
  }
  return query;
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
