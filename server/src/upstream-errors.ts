// What may be logged of a failed @ory/client call, for Kratos and Hydra alike.
interface ErrorLike {
  message?: string;
  code?: string;
  response?: { status?: number; data?: { error?: unknown } };
}

/**
 * The SDK's error carries the request it made, with the browser's Cookie
 * header (Kratos) or a client secret in its body (Hydra): never log it whole.
 */
export function loggableFailure(error: unknown): { message?: string; code?: string; status?: number; id?: string } {
  const { message, code, response } = (error ?? {}) as ErrorLike;
  const upstreamError = response?.data?.error;
  // Kratos nests { error: { id } }; Hydra answers OAuth2's flat { error: "invalid_…" }.
  const id =
    typeof upstreamError === "string"
      ? upstreamError
      : ((upstreamError as { id?: string } | undefined)?.id ?? undefined);
  return { message, code, status: response?.status, id };
}
