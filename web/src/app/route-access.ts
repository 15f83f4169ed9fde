// Which routes render without a session: a property of the route in the
// route tree (its handle), never a list of paths kept somewhere else.
export interface RouteHandle {
  /** Public (sign-in, registration, recovery, logout, error): renders without a session and without the shell. */
  public?: boolean;
}

export const publicRoute: RouteHandle = { public: true };

/** Whether the matched routes (react-router's useMatches or matchRoutes) make a public page. */
export function isPublicMatch(matches: readonly { handle?: unknown; route?: { handle?: unknown } }[]): boolean {
  return matches.some((match) => ((match.handle ?? match.route?.handle) as RouteHandle | undefined)?.public === true);
}
