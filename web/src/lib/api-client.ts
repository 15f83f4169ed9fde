// The one fetch of the app: calls to the portal's own origin (/api, /config.json),
// never to Kratos, which goes through the SDK. A failed call throws ApiError
// with the server's code and field errors (the contract's ErrorBody);
// api-problem.ts says what it means, and the catalog words it.
import type { ErrorCode } from "#contract/errors.js";
import { withQuery } from "#contract/paths.js";
import type { FieldError } from "#contract/schemas/error.js";
import { retryAfterSecondsOf } from "./retry-after";

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the portal could not be reached at all (or did not answer in time). */
    readonly status: number,
    readonly details: {
      /** The server's code, e.g. "aal2_required" or "rate_limited"; absent when the answer had none (a proxy's page). */
      code?: ErrorCode;
      /** invalid_fields: each problem at the field it names. */
      fieldErrors?: FieldError[];
      /** From a 429's Retry-After header. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    // For the console and error reports only; never shown (the catalog words the code).
    super(`${status} ${details.code ?? "no code"}`);
    this.name = "ApiError";
  }

  get code(): ErrorCode | undefined {
    return this.details.code;
  }

  get fieldErrors(): FieldError[] {
    return this.details.fieldErrors ?? [];
  }
}

/** The ApiError of a non-2xx answer: its status, and the code and field errors of its JSON body. */
export function apiErrorOf(status: number, body: unknown, retryAfter: string | null = null): ApiError {
  return new ApiError(status, {
    code: codeOf(body),
    fieldErrors: fieldErrorsOf(body),
    retryAfterSeconds: retryAfterSecondsOf(retryAfter),
  });
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Gives up after this long with ApiError(0), so that no spinner waits forever. */
  timeoutMs?: number;
}

/** Resolves the answer's JSON (undefined for a 204); throws ApiError for anything but a 2xx. */
export async function apiRequest<T>(path: string, { method = "GET", query, body, signal, timeoutMs }: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  // The server takes a state-changing body only as JSON (its CSRF rule); the
  // browser adds our Origin by itself.
  if (body !== undefined) headers["content-type"] = "application/json";
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener("abort", abort);
  // setTimeout rather than AbortSignal.timeout, so that tests can drive it with fake timers.
  const timer = timeoutMs === undefined ? undefined : setTimeout(abort, timeoutMs);
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      credentials: "same-origin",
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, data, response.headers.get("retry-after"));
  return data as T;
}

function field(data: unknown, name: string): unknown {
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

function codeOf(data: unknown): ErrorCode | undefined {
  const code = field(data, "code");
  return typeof code === "string" ? (code as ErrorCode) : undefined;
}

function fieldErrorsOf(data: unknown): FieldError[] {
  const errors = field(data, "errors");
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is FieldError => typeof field(error, "field") === "string" && typeof field(error, "code") === "string",
  );
}
