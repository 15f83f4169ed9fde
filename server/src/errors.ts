// The errors the portal throws on purpose. Route handlers and services throw
// them; the one error handler (plugins/error-handler.ts) turns each into the
// answer, so no handler writes an error reply of its own.
// Each carries a code from the contract, never words: the app says them.
import type { ErrorCode } from "#contract/errors.js";
import type { FieldError } from "#contract/schemas/error.js";

/** A 4xx the caller can act on, with the code that tells the app which case it is. */
export class ClientError extends Error {
  override name = "ClientError";

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly errors?: FieldError[],
  ) {
    // The code is the message too: it is what the log line says.
    super(code);
  }
}

/** A 400 that names every wrong field. */
export class FieldErrors extends ClientError {
  override name = "FieldErrors";

  constructor(errors: [FieldError, ...FieldError[]]) {
    super(400, "invalid_fields", errors);
  }
}

export const notSignedIn = () => new ClientError(401, "not_signed_in");

/** The session has one factor of two, or the work needs a second factor that the session lacks. */
export const secondFactorRequired = () => new ClientError(403, "aal2_required");

export type Upstream = "kratos" | "hydra";

/** What may be logged of a failed upstream call: never the SDK error whole. */
export interface UpstreamFailure {
  upstream: Upstream;
  /** The SDK method, e.g. getOAuth2Client. */
  operation: string;
  /** The status it answered; undefined when it did not answer at all. */
  status?: number;
  /** Kratos' error id (session_aal2_required) or Hydra's OAuth2 error (invalid_redirect_uri). */
  id?: string;
  description?: string;
  /** Why no answer came, e.g. ECONNREFUSED, ECONNABORTED (our timeout). */
  network?: string;
}

/**
 * Kratos or Hydra could not be reached, or answered what the portal does not
 * expect. Services turn the answers they do expect into domain errors first.
 */
export class UpstreamError extends Error {
  override name = "UpstreamError";

  constructor(readonly failure: UpstreamFailure) {
    const { upstream, operation, status, id, network } = failure;
    super(`${upstream} ${operation}: ${status ?? network ?? "no answer"}${id ? ` ${id}` : ""}`);
  }

  /** Down, timed out or failing itself, rather than answering something unexpected. */
  get unavailable(): boolean {
    return this.failure.status === undefined || this.failure.status >= 500;
  }
}
