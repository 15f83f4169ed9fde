// GET /api/session: the portal's own session check (our BFF, not a Kratos
// call). It never throws: every answer becomes an outcome the gate decides on.
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiErrorOf, apiRequest } from "../../lib/api-client";
import { apiProblemOf } from "../../lib/api-problem";
import type { SessionBody } from "../../lib/current-session";

export type SessionOutcome =
  | { kind: "session"; session: SessionBody }
  | { kind: "signed-out" }
  | { kind: "second-factor" }
  | { kind: "unavailable" }
  | { kind: "failed" };

/**
 * A check that takes longer counts as "identity service unavailable", so the
 * spinner never spins forever. Longer than the portal's own wait for Kratos
 * (UPSTREAM_TIMEOUT_MS, 10 s by default), so that its clearer 503 arrives first.
 */
export const sessionCheckTimeoutMs = 12_000;

export async function getSession(signal?: AbortSignal): Promise<SessionOutcome> {
  try {
    return sessionOutcome(200, await apiRequest("/api/session", { signal, timeoutMs: sessionCheckTimeoutMs }));
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: "unavailable" };
    return outcomeOf(error);
  }
}

export type RouteKind = "public" | "private";

/**
 * The check for a kind of route. Moving between public and private routes
 * (right after signing in, or on the way to /logout) checks again, with the
 * spinner, rather than trusting the last answer.
 */
export const sessionQueryOptions = (routeKind: RouteKind) =>
  queryOptions({
    queryKey: ["session", routeKind],
    queryFn: ({ signal }) => getSession(signal),
    // Nothing cached: the other kind's answer is dropped as soon as nobody shows it.
    gcTime: 0,
    // Checked again on purpose only (a retry, a refresh after a change), never because the gate mounted:
    // the answer that came with the page is as fresh as one asked for now.
    staleTime: Infinity,
  });

/** The outcome of an answer: the session check's own, or the one the page came with. */
export function sessionOutcome(status: number, body: unknown): SessionOutcome {
  if (status === 200) return isSessionBody(body) ? { kind: "session", session: body } : { kind: "failed" };
  return outcomeOf(apiErrorOf(status, body));
}

function outcomeOf(error: ApiError): SessionOutcome {
  switch (apiProblemOf(error)?.kind) {
    case "signed-out":
      return { kind: "signed-out" };
    case "second-factor":
      return { kind: "second-factor" };
    case "unavailable":
      return { kind: "unavailable" };
    default:
      return { kind: "failed" };
  }
}

/** The answer is the server's, but checked like any input: a proxy could answer 200 with anything. */
function isSessionBody(body: unknown): body is SessionBody {
  const candidate = body as { identity?: { id?: unknown; traits?: unknown; verifiable_addresses?: unknown }; roles?: unknown } | null;
  return (
    typeof candidate?.identity?.id === "string" &&
    typeof candidate.identity.traits === "object" &&
    candidate.identity.traits !== null &&
    Array.isArray(candidate.identity.verifiable_addresses) &&
    Array.isArray(candidate.roles) &&
    candidate.roles.every((role) => typeof role === "string")
  );
}
