// The shapes Kratos answers with when a flow call does not simply succeed.
// Guards are keyed on error.id first: Kratos reuses status codes (a 403 can be
// a CSRF failure, a missing second factor or an old session), ids are exact.
import type { UiContainer } from "@ory/client-fetch";
import { retryAfterSecondsOf } from "../retry-after";

/** Kratos' error ids that change what a flow page does (Kratos text/id.go). */
export const kratosErrorIds = {
  flowExpired: "self_service_flow_expired",
  flowReplaced: "self_service_flow_replaced",
  csrfViolation: "security_csrf_violation",
  identityMismatch: "security_identity_mismatch",
  browserLocationChangeRequired: "browser_location_change_required",
  aal2Required: "session_aal2_required",
  refreshRequired: "session_refresh_required",
  sessionAlreadyAvailable: "session_already_available",
  sessionInactive: "session_inactive",
} as const;

export interface KratosGenericError {
  id?: string;
  code?: number;
  status?: string;
  message?: string;
  reason?: string;
  details?: Record<string, unknown>;
}

/** The body of an error answer: herodot's `{ error }` plus the fields some errors add. */
export interface KratosErrorBody {
  error?: KratosGenericError;
  redirect_browser_to?: string;
  use_flow_id?: string;
}

/** Any self-service flow: what the generic renderer and the error handling rely on. */
export interface KratosFlow {
  id: string;
  ui: UiContainer;
  return_to?: string;
  state?: unknown;
}

/** A failed call as the SDK (axios) rejects it: status and body, or neither when the network failed. */
export interface KratosFailure {
  status: number | undefined;
  body: unknown;
  /** A 429's Retry-After (the portal's limits answer for Kratos through /kratos). */
  retryAfterSeconds?: number;
}

export function failureOf(error: unknown): KratosFailure {
  if (typeof error === "object" && error !== null && "response" in error) {
    const response = (error as { response?: { status?: unknown; data?: unknown; headers?: Record<string, unknown> } }).response;
    if (response) {
      const retryAfter = response.headers?.["retry-after"];
      return {
        status: typeof response.status === "number" ? response.status : undefined,
        body: response.data,
        retryAfterSeconds: retryAfterSecondsOf(typeof retryAfter === "string" ? retryAfter : undefined),
      };
    }
  }
  return { status: undefined, body: undefined };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isFlow(body: unknown): body is KratosFlow {
  return isRecord(body) && typeof body.id === "string" && isRecord(body.ui) && Array.isArray(body.ui.nodes);
}

export function errorBodyOf(body: unknown): KratosErrorBody | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  return body;
}

export function errorIdOf(body: unknown): string | undefined {
  return errorBodyOf(body)?.error?.id;
}

function hasErrorId(id: string) {
  return (body: unknown): body is KratosErrorBody => errorIdOf(body) === id;
}

export const isFlowExpired = hasErrorId(kratosErrorIds.flowExpired);
export const isFlowReplaced = hasErrorId(kratosErrorIds.flowReplaced);
export const isCsrfViolation = hasErrorId(kratosErrorIds.csrfViolation);
export const isIdentityMismatch = hasErrorId(kratosErrorIds.identityMismatch);
export const isBrowserLocationChangeRequired = hasErrorId(kratosErrorIds.browserLocationChangeRequired);
export const isAal2Required = hasErrorId(kratosErrorIds.aal2Required);
export const isRefreshRequired = hasErrorId(kratosErrorIds.refreshRequired);
export const isSessionAlreadyAvailable = hasErrorId(kratosErrorIds.sessionAlreadyAvailable);
export const isSessionInactive = hasErrorId(kratosErrorIds.sessionInactive);

/**
 * A sign-in of an identity whose state is inactive (an admin deactivated it):
 * Kratos v1.3.1 answers 401 with no error id, only session.ErrIdentityDisabled's message.
 */
export function isIdentityDisabled(body: unknown): boolean {
  const error = errorBodyOf(body)?.error;
  return error?.code === 401 && error.message === "identity is disabled";
}

/** Kratos' own words for an error, most specific first. */
export function errorMessageOf(body: unknown): string | undefined {
  const error = errorBodyOf(body)?.error;
  return error?.reason || error?.message || undefined;
}
