// What a failed OAuth2Api call tells us: Hydra's HTTP status and its OAuth2
// error (`{ error, error_description }`), or that Hydra could not be reached.
export interface HydraFailure {
  /** Hydra answered with this status; undefined when it did not answer. */
  status?: number;
  /** e.g. invalid_redirect_uri, invalid_client_metadata, Not Found. */
  error?: string;
  description?: string;
}

interface ErrorLike {
  response?: { status?: number; data?: { error?: unknown; error_description?: unknown } };
}

export function hydraFailure(error: unknown): HydraFailure {
  const response = (error as ErrorLike | null)?.response;
  if (!response?.status) return {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return { status: response.status, error: text(response.data?.error), description: text(response.data?.error_description) };
}

export const hydraUnavailableMessage =
  "The OAuth2 service (Hydra) is unavailable, so OAuth2 clients cannot be managed right now. Please try again in a moment.";
