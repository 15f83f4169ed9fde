// The one fetch of the SPA, as pages see its answers.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "./api-client";
import { errorMessage } from "./error-message";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchStub = vi.fn(() => Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers })));
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

describe("apiRequest", () => {
  it("sends JSON with the query's defined values, same-origin, never cached", async () => {
    const fetchStub = answering(200, { ok: true });
    expect(
      await apiRequest("/api/clients", { method: "POST", query: { search: "a b", page_token: undefined, x: "" }, body: { a: 1 } }),
    ).toEqual({ ok: true });
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/clients?search=a%20b");
    expect(init).toMatchObject({ method: "POST", body: '{"a":1}', cache: "no-store", credentials: "same-origin" });
    expect(init.headers).toEqual({ accept: "application/json", "content-type": "application/json" });
  });

  it("resolves a 204 with nothing", async () => {
    answering(204, undefined);
    expect(await apiRequest("/api/oauth2/consents", { method: "DELETE" })).toBeUndefined();
  });

  it("rejects with the server's code and field errors, and words them from the catalog", async () => {
    answering(400, {
      code: "invalid_fields",
      errors: [{ field: "redirect_uris", code: "uri_fragment", value: "https://a.example/#x" }, { nonsense: 1 }],
    });
    const error = await failureOf(apiRequest("/api/clients"));
    expect(error).toMatchObject({ status: 400, code: "invalid_fields" });
    expect(error.fieldErrors).toEqual([{ field: "redirect_uris", code: "uri_fragment", value: "https://a.example/#x" }]);
    expect(errorMessage(error)).toBe("Some fields need changes.");
  });

  it("never shows words the server sent, only the catalog's for its code", async () => {
    answering(403, { code: "role_required", message: "You are nobody" });
    expect(errorMessage(await failureOf(apiRequest("/api/clients")))).toBe("Your account does not have the role this needs.");
  });

  it("calls an answer without a code from a proxy in front of the portal unavailable", async () => {
    answering(502, "<html>");
    expect(errorMessage(await failureOf(apiRequest("/api/clients")))).toBe(
      "The portal could not be reached. Check your connection and try again.",
    );
  });

  it("words the code the /kratos proxy answers for Kratos, as the SDK rejects with it", () => {
    const sdkFailure = { isAxiosError: true, response: { status: 503, data: { code: "kratos_unavailable" }, headers: {} } };
    expect(errorMessage(sdkFailure)).toBe("The identity service is unavailable. Please try again in a moment.");
  });

  it("reads a 429's Retry-After into words", async () => {
    answering(429, { code: "rate_limited" }, { "retry-after": "90" });
    const error = await failureOf(apiRequest("/api/clients"));
    expect(error).toMatchObject({ status: 429, code: "rate_limited" });
    expect(errorMessage(error)).toBe("Too many attempts. Try again in 2 minutes.");
  });

  it("calls a network failure unreachable (status 0)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await failureOf(apiRequest("/api/session"));
    expect(error.status).toBe(0);
    expect(errorMessage(error)).toBe("The portal could not be reached. Check your connection and try again.");
  });

  it("gives up after its timeout", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
    const failure = failureOf(apiRequest("/api/session", { timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await failure).status).toBe(0);
  });

  it("lets the caller's own abort through as an abort", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
    const controller = new AbortController();
    const call = apiRequest("/api/clients", { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow(DOMException);
  });
});
