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

export { loggableFailure } from "../upstream-errors.js";

export const unavailableMessage = "The identity service is unavailable. Please try again in a moment.";
