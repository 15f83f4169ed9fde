import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession, sessionCheckTimeoutMs } from "./get-session";

function respond(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("getSession", () => {
  it("asks the portal's /api/session, not Kratos", async () => {
    const fetchStub = respond(401, {});
    vi.stubGlobal("fetch", fetchStub);
    await getSession();
    expect(fetchStub).toHaveBeenCalledWith("/api/session", expect.anything());
  });

  it("reads the portal's codes: signed out, a second factor needed, Kratos down", async () => {
    vi.stubGlobal("fetch", respond(401, { code: "not_signed_in" }));
    expect(await getSession()).toEqual({ kind: "signed-out" });
    vi.stubGlobal("fetch", respond(403, { code: "aal2_required" }));
    expect(await getSession()).toEqual({ kind: "second-factor" });
    vi.stubGlobal("fetch", respond(503, { code: "kratos_unavailable" }));
    expect(await getSession()).toEqual({ kind: "unavailable" });
  });

  it("reports the identity service unavailable when the portal cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect((await getSession()).kind).toBe("unavailable");
  });

  it("gives up after the timeout instead of waiting forever", async () => {
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
    const outcome = getSession();
    await vi.advanceTimersByTimeAsync(sessionCheckTimeoutMs);
    expect((await outcome).kind).toBe("unavailable");
  });
});
