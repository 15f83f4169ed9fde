import { ApiError } from "../../../lib/api-client";

/**
 * Whether trying again may help: the portal or Hydra unreachable (0, 5xx) or
 * a limit that passes (429). An unknown, answered or foreign request stays so.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}
