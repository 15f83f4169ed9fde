// The one place that turns a failed call into words for the user: the portal's
// /api (its code, classified by api-problem.ts) and Kratos through the SDK
// alike. A 429 from either (the portal's abuse limits) says how long to wait.
import { errorCodes, type ErrorCode } from "#contract/errors.js";
import type { FieldError } from "#contract/schemas/error.js";
import { apiProblemOf } from "./api-problem";
import { i18n } from "./i18n";
import { errorMessageOf, failureOf } from "./kratos/errors";

/** Up to this many seconds, "in a moment" says more than a number would. */
const momentSeconds = 30;

export function tooManyAttemptsMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return i18n.t("errors.tooManyAttempts.later");
  if (retryAfterSeconds <= momentSeconds) return i18n.t("errors.tooManyAttempts.moment");
  // Rounded up: never tell someone to come back before the limit has passed.
  return i18n.t("errors.tooManyAttempts.minutes", { count: Math.ceil(retryAfterSeconds / 60) });
}

/** The words for one of the portal's error codes. */
export function codeMessage(code: ErrorCode): string {
  return i18n.t(`errors.api.${code}`);
}

/** The words for one field's problem, without the field's name (the form shows it at the field). */
export function fieldErrorMessage({ code, limit, value, values }: FieldError): string {
  return i18n.t(`errors.field.${code}`, { count: limit, value, values: values?.join(", ") });
}

export function errorMessage(error: unknown): string {
  const problem = apiProblemOf(error);
  if (problem) {
    switch (problem.kind) {
      case "rate-limited":
        return tooManyAttemptsMessage(problem.retryAfterSeconds);
      case "signed-out":
        return codeMessage("not_signed_in");
      case "second-factor":
        return codeMessage("aal2_required");
      case "reauthenticate":
        return codeMessage("reauthentication_required");
      case "answered":
        return codeMessage("challenge_answered");
      case "invalid":
        return codeMessage("invalid_fields");
      case "unavailable":
        // No answer at all: the connection, or the portal itself.
        return problem.code ? codeMessage(problem.code) : i18n.t("errors.portalUnreachable");
      default:
        return problem.code ? codeMessage(problem.code) : i18n.t("errors.generic");
    }
  }
  const failure = failureOf(error);
  if (failure.status === 429) return tooManyAttemptsMessage(failure.retryAfterSeconds);
  // The portal's /kratos proxy answers for Kratos when it refuses or Kratos is down: with its own code.
  const portalCode = portalCodeOf(failure.body);
  if (portalCode) return codeMessage(portalCode);
  if (failure.status !== undefined) return errorMessageOf(failure.body) ?? i18n.t("errors.generic");
  return isNetworkFailure(error) ? i18n.t("errors.serviceUnreachable") : i18n.t("errors.generic");
}

function portalCodeOf(body: unknown): ErrorCode | undefined {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  return errorCodes.find((known) => known === code);
}

/** The SDK (axios) rejects a call that got no answer at all with an error without a response. */
function isNetworkFailure(error: unknown): boolean {
  return typeof error === "object" && error !== null && "isAxiosError" in error;
}
