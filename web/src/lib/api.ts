// Calls to the portal's own /api (never Kratos: that goes through the SDK).
// A failed call throws ApiError with the server's `{ message, errors }`, so the
// page that made it can show the message where the user acted.

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the portal could not be reached at all. */
    readonly status: number,
    message: string,
    /** A 400's problems, each at the field it names. */
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/** `path` with the query's defined values, e.g. apiUrl("/api/clients", { search: "a" }). */
export function apiUrl(path: string, query: ApiRequest["query"] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Resolves the answer's JSON (undefined for a 204); throws ApiError for anything but a 2xx. */
export async function apiRequest<T>(path: string, { method = "GET", query, body, signal }: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  // The server takes a state-changing body only as JSON (its CSRF rule); the
  // browser adds our Origin by itself.
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "The portal could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, messageOf(data) ?? `The portal answered ${response.status}.`, fieldErrorsOf(data));
  return data as T;
}

function messageOf(data: unknown): string | undefined {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

function fieldErrorsOf(data: unknown): FieldError[] {
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is FieldError =>
      typeof (error as Partial<FieldError> | null)?.field === "string" &&
      typeof (error as Partial<FieldError>).message === "string",
  );
}
