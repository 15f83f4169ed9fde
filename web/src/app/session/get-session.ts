// GET /api/session: the portal's own session check (our BFF, not a Kratos
// call). It never throws: every answer becomes an outcome the gate decides on.
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../lib/api-client";
import type { SessionBody } from "../../lib/current-session";

export type SessionOutcome =
  | { kind: "session"; session: SessionBody }
  | { kind: "signed-out"; message: string }
  | { kind: "second-factor"; message: string }
  | { kind: "unavailable"; message: string }
  | { kind: "failed"; message: string };

/** Kept in state only, never shown (spec §8). */
export const noSessionMessage = "No valid Ory Session was found. Please sign in to receive one.";

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
    if (!(error instanceof ApiError) || error.status === 0) {
      return { kind: "unavailable", message: "The portal did not answer the session check." };
    }
    return sessionOutcome(error.status, error.details.body);
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

export function sessionOutcome(status: number, body: unknown): SessionOutcome {
  const message = messageOf(body);
  switch (status) {
    case 200:
      return isSessionBody(body)
        ? { kind: "session", session: body }
        : { kind: "failed", message: "The session check answered with an unexpected body." };
    case 401:
      return { kind: "signed-out", message: message ?? noSessionMessage };
    // 422 browser_location_change_required: Kratos wants the browser elsewhere, which for the session check is the step-up login.
    case 403:
    case 422:
      return { kind: "second-factor", message: message ?? "A second factor is required." };
    case 503:
      return { kind: "unavailable", message: message ?? "The identity service is unavailable." };
    default:
      return { kind: "failed", message: message ?? `The session check answered ${status}.` };
  }
}

function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" ? message : undefined;
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
