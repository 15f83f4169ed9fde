// GET /api/session: the portal's own session check (our BFF, not a Kratos
// call). It never throws: every answer becomes an outcome the gate decides on.
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
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, sessionCheckTimeoutMs);
  signal?.addEventListener("abort", abort);
  try {
    const response = await fetch("/api/session", {
      headers: { accept: "application/json" },
      cache: "no-store",
      signal: controller.signal,
    });
    const body: unknown = await response.json().catch(() => undefined);
    return sessionOutcome(response.status, body);
  } catch {
    return { kind: "unavailable", message: "The portal did not answer the session check." };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
}

export function sessionOutcome(status: number, body: unknown): SessionOutcome {
  const message = messageOf(body);
  switch (status) {
    case 200:
      return isSessionBody(body)
        ? { kind: "session", session: body }
        : { kind: "failed", message: "The session check answered with an unexpected body." };
    case 401:
      return { kind: "signed-out", message: message ?? noSessionMessage };
    case 403:
    // 422 browser_location_change_required: Kratos wants the browser elsewhere, which for the session check is the step-up login.
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

function isSessionBody(body: unknown): body is SessionBody {
  const candidate = body as Partial<SessionBody> | null | undefined;
  return (
    typeof candidate?.identity?.id === "string" &&
    typeof candidate.identity.traits === "object" &&
    candidate.identity.traits !== null &&
    Array.isArray(candidate.identity.verifiable_addresses) &&
    Array.isArray(candidate.roles) &&
    candidate.roles.every((role) => typeof role === "string")
  );
}
