// Runs the session check and decides what the current route shows (gate.ts).
// The check runs on load and again whenever the route changes between public
// and non-public, e.g. right after signing in or when leaving for /logout.
//
// The client state the product's spec names follows from the check's outcome rather than being
// stored: loading (no outcome yet for this kind of route), hasSession and
// userInfor (the "session" outcome and its body, which pages read with
// useCurrentSession), completeRenderLayout and showButtonHeader (the shell,
// which the router renders for a private route once the gate decided "page").
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { Navigate, Outlet, useLocation, useMatches } from "react-router-dom";
import { pageOrigin } from "../../lib/boot-data";
import { CurrentSessionContext, type CurrentSession } from "../../lib/current-session";
import { FullScreenSpinner } from "../pages/full-screen-spinner";
import { UnavailablePage } from "../pages/unavailable-page";
import { allowsTermsPending, isPublicMatch } from "../route-access";
import { decideGate } from "./gate";
import { sessionQueryOptions } from "./get-session";

export function SessionGate() {
  const location = useLocation();
  const matches = useMatches();
  const isPublic = isPublicMatch(matches);
  // A newer check (a retry, a refresh, a route change) drops the answer of an older one.
  const { data: outcome, refetch } = useQuery(sessionQueryOptions(isPublic ? "public" : "private"));
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const current = useMemo<CurrentSession | null>(
    () => (outcome?.kind === "session" ? { session: outcome.session, refresh } : null),
    [outcome, refresh],
  );

  if (!outcome) return <FullScreenSpinner />;

  const url = new URL(`${location.pathname}${location.search}${location.hash}`, pageOrigin());
  const decision = decideGate(outcome, url, isPublic, allowsTermsPending(matches));
  switch (decision.kind) {
    case "redirect":
      return <Navigate to={decision.to} replace />;
    case "unavailable":
      return <UnavailablePage onRetry={refresh} />;
    case "page":
      return (
        <CurrentSessionContext.Provider value={current}>
          <Outlet />
        </CurrentSessionContext.Provider>
      );
  }
}
