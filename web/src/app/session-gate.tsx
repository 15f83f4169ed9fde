// Runs the session check and decides what the current route shows (spec §4).
// The check runs on load and again whenever the route changes between public
// and non-public, e.g. right after signing in or when leaving for /logout.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { decideGate, isPublicPath } from "../features/session/gate";
import { getSession } from "../features/session/get-session";
import { CurrentSessionContext, type CurrentSession } from "../lib/current-session";
import { isLoading, useAppState, type RouteKind } from "./app-state";
import { FullScreenSpinner } from "./pages/full-screen-spinner";
import { UnavailablePage } from "./pages/unavailable-page";

export function SessionGate() {
  const location = useLocation();
  const routeKind: RouteKind = isPublicPath(location.pathname) ? "public" : "private";
  const { state, dispatch } = useAppState();

  // The newest check wins: starting one (a retry, a refresh, a route change) drops the answer of any older one.
  const latest = useRef<AbortController | null>(null);
  const check = useCallback(async () => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    const outcome = await getSession(controller.signal);
    if (!controller.signal.aborted) dispatch({ type: "session-checked", routeKind, outcome });
  }, [dispatch, routeKind]);

  useEffect(() => {
    void check();
    return () => latest.current?.abort();
  }, [check]);

  const outcome = state.sessionCheck?.outcome;
  const current = useMemo<CurrentSession | null>(
    () => (outcome?.kind === "session" ? { session: outcome.session, refresh: check } : null),
    [outcome, check],
  );

  if (!outcome || isLoading(state, routeKind)) return <FullScreenSpinner />;

  const url = new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin);
  const decision = decideGate(outcome, url);
  switch (decision.kind) {
    case "redirect":
      return <Navigate to={decision.to} replace />;
    case "unavailable":
      return <UnavailablePage onRetry={check} />;
    case "page":
      return (
        <CurrentSessionContext.Provider value={current}>
          <Outlet />
        </CurrentSessionContext.Provider>
      );
  }
}
