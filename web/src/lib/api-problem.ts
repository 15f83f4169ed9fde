// What a failed call to the portal's /api means: decided here once, from the
// server's code (and the status where a proxy answered without one). Pages
// act on the kind; api-problem-message.ts words it.
import type { ErrorCode } from "#contract/errors.js";
import type { FieldError } from "#contract/schemas/error.js";
import { ApiError } from "./api-client";

export type ApiProblem =
  /** No session (401): sign in. */
  | { kind: "signed-out" }
  /** The session or the work needs a second factor. */
  | { kind: "second-factor" }
  /** The work needs a recent sign-in: sign in again (login with refresh) and come back. */
  | { kind: "reauthenticate" }
  /** A role missing, another account's request, or a change from elsewhere. */
  | { kind: "not-allowed"; code?: ErrorCode }
  /** What was asked for is not there (a client, an application's request). */
  | { kind: "not-found"; code?: ErrorCode }
  /** The application's request was answered already. */
  | { kind: "answered" }
  /** The portal, Kratos or Hydra could not answer: trying again may help. */
  | { kind: "unavailable"; code?: ErrorCode }
  /** An abuse limit holds, for this long if the answer said. */
  | { kind: "rate-limited"; retryAfterSeconds?: number }
  /** Fields are wrong, each named. */
  | { kind: "invalid"; fieldErrors: FieldError[] }
  /** Any other refusal of the request as sent. */
  | { kind: "refused"; code?: ErrorCode };

const notAllowed = new Set<ErrorCode>([
  "role_required",
  "other_account",
  "cross_origin",
  "json_required",
  "native_flows_disabled",
  "registration_closed",
]);
const notFound = new Set<ErrorCode>(["not_found", "client_not_found", "challenge_unknown"]);

/** The problem an /api call failed with; undefined for an error that is not the portal's answer (a bug, an abort). */
export function apiProblemOf(error: unknown): ApiProblem | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { status, code } = error;
  if (status === 0 || status >= 500) return { kind: "unavailable", code };
  if (code === "not_signed_in" || status === 401) return { kind: "signed-out" };
  if (code === "aal2_required") return { kind: "second-factor" };
  if (code === "reauthentication_required") return { kind: "reauthenticate" };
  if (code === "rate_limited" || status === 429) return { kind: "rate-limited", retryAfterSeconds: error.details.retryAfterSeconds };
  if (code === "invalid_fields" && error.fieldErrors.length > 0) return { kind: "invalid", fieldErrors: error.fieldErrors };
  if (code === "challenge_answered" || status === 410) return { kind: "answered" };
  if ((code && notAllowed.has(code)) || status === 403) return { kind: "not-allowed", code };
  if ((code && notFound.has(code)) || status === 404) return { kind: "not-found", code };
  return { kind: "refused", code };
}

/** Whether trying the same again may help: the portal or Hydra unreachable, or a limit that passes. */
export function isRetryable(problem: ApiProblem | undefined): boolean {
  return problem === undefined || problem.kind === "unavailable" || problem.kind === "rate-limited";
}
