// What a failed @ory/client call tells us: Kratos' HTTP status and error id,
// or that Kratos could not be reached at all.
export interface KratosFailure {
  /** Kratos answered with this status; undefined when it did not answer. */
  status?: number;
  /** Kratos' error id, e.g. session_aal2_required. */
  id?: string;
  reason?: string;
}

interface ErrorLike {
  message?: string;
  code?: string;
  response?: { status?: number; data?: { error?: { id?: string; reason?: string } } };
}

export function kratosFailure(error: unknown): KratosFailure {
  const response = (error as ErrorLike | null)?.response;
  if (!response?.status) return {};
  return { status: response.status, id: response.data?.error?.id, reason: response.data?.error?.reason };
}

/**
 * What to log of a failed call. The SDK's error carries the request it made,
 * with the browser's Cookie header: never log it whole.
 */
export function loggableFailure(error: unknown): { message?: string; code?: string; status?: number; id?: string } {
  const { message, code } = (error ?? {}) as ErrorLike;
  const { status, id } = kratosFailure(error);
  return { message, code, status, id };
}

export const unavailableMessage = "The identity service is unavailable. Please try again in a moment.";
