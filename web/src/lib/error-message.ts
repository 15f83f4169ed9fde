// The one place that turns a failed call into words for the user: the portal's
// /api (ApiError) and Kratos through the SDK alike. A 429 from either (the
// portal's abuse limits) says how long to wait.
import { ApiError } from "./api-client";
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

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n.t("errors.portalUnreachable");
    if (error.status === 429) return tooManyAttemptsMessage(error.details.retryAfterSeconds);
    return error.message;
  }
  const failure = failureOf(error);
  if (failure.status === 429) return tooManyAttemptsMessage(failure.retryAfterSeconds);
  // The portal refused a submission to Kratos that could be read two ways; the app's own forms never send one.
  if (isRecord(failure.body) && failure.body.code === "ambiguous_request") return i18n.t("errors.ambiguousRequest");
  if (failure.status !== undefined) return errorMessageOf(failure.body) ?? i18n.t("errors.generic");
  return isNetworkFailure(error) ? i18n.t("errors.serviceUnreachable") : i18n.t("errors.generic");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The SDK (axios) rejects a call that got no answer at all with an error without a response. */
function isNetworkFailure(error: unknown): boolean {
  return typeof error === "object" && error !== null && "isAxiosError" in error;
}
