// The one fetch of the SPA: calls to the portal's own origin (/api, /config.json),
// never to Kratos, which goes through the SDK. A failed call throws ApiError
// with the server's `{ message, code, errors }`, so the page that made it can
// say what went wrong where the user acted.
import { retryAfterSecondsOf } from "./retry-after";

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the portal could not be reached at all (or did not answer in time). */
    readonly status: number,
    message: string,
    readonly details: {
      /** The server's machine-readable reason, e.g. "aal2_required" or "rate_limited". */
      code?: string;
      /** A 400's problems, each at the field it names. */
      fieldErrors?: FieldError[];
      /** From a 429's Retry-After header. */
      retryAfterSeconds?: number;
      /** The answer's JSON as it came, for callers that read more than the message. */
      body?: unknown;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  get code(): string | undefined {
    return this.details.code;
  }

  get fieldErrors(): FieldError[] {
    return this.details.fieldErrors ?? [];
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Gives up after this long with ApiError(0), so that no spinner waits forever. */
  timeoutMs?: number;
}

/** `path` with the query's defined values, e.g. apiUrl("/api/clients", { search: "a" }). */
export function apiUrl(path: string, query: ApiRequest["query"] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
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
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      credentials: "same-origin",
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "The portal could not be reached.");
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(response.status, messageOf(data) ?? `The portal answered ${response.status}.`, {
      code: codeOf(data),
      fieldErrors: fieldErrorsOf(data),
      retryAfterSeconds: retryAfterSecondsOf(response.headers.get("retry-after")),
      body: data,
    });
  }
  return data as T;
}

function field(data: unknown, name: string): unknown {
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

function messageOf(data: unknown): string | undefined {
  const message = field(data, "message");
  return typeof message === "string" ? message : undefined;
}

function codeOf(data: unknown): string | undefined {
  const code = field(data, "code");
  return typeof code === "string" ? code : undefined;
}

function fieldErrorsOf(data: unknown): FieldError[] {
  const errors = field(data, "errors");
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is FieldError => typeof field(error, "field") === "string" && typeof field(error, "message") === "string",
  );
}
