// Which routes render without a session: a property of the route in the
// route tree (its handle), never a list of paths kept somewhere else.
export interface RouteHandle {
  /** Public (sign-in, registration, recovery, logout, error): renders without a session and without the shell. */
  public?: boolean;
  /**
   * A signed-in page that the server renders too, when the page comes with a session (entry-server.tsx): its
   * first render reads nothing but the session, its flow and the answers of pageApiReads (contract/pages.ts);
   * whatever else it asks for shows as loading, on the server as in the browser's first render.
   */
  serverRendered?: boolean;
  /** Shown to a signed-in person who has not accepted the current terms of service (the page that asks them to). */
  termsPending?: "allowed";
}

export const publicRoute: RouteHandle = { public: true };

export const serverRenderedRoute: RouteHandle = { serverRendered: true };

/** Whether the matched routes (react-router's useMatches or matchRoutes) make a public page. */
export function isPublicMatch(matches: readonly { handle?: unknown; route?: { handle?: unknown } }[]): boolean {
  return matches.some((match) => ((match.handle ?? match.route?.handle) as RouteHandle | undefined)?.public === true);
}

/** Whether the matched page is one a person who has not accepted the current terms may see. */
export function allowsTermsPending(matches: readonly { handle?: unknown; route?: { handle?: unknown } }[]): boolean {
  return matches.some((match) => ((match.handle ?? match.route?.handle) as RouteHandle | undefined)?.termsPending === "allowed");
}

/** Whether the server renders the matched page: every public page, and a signed-in one that says so. */
export function isServerRenderedMatch(matches: readonly { route: { handle?: unknown } }[], signedIn: boolean): boolean {
  if (isPublicMatch(matches)) return true;
  return signedIn && matches.some(({ route }) => (route.handle as RouteHandle | undefined)?.serverRendered === true);
}
