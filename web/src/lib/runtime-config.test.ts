import { afterEach, describe, expect, it, vi } from "vitest";
import { configTimeoutMs, developmentFallback, loadRuntimeConfig } from "./runtime-config";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function serving(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

describe("loadRuntimeConfig", () => {
  it("uses the portal's /config.json without a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchStub = serving(200, { KRATOS_PUBLIC_URL: "https://account.example/kratos" });
    vi.stubGlobal("fetch", fetchStub);
    const config = await loadRuntimeConfig();
    expect(config).toEqual({ KRATOS_PUBLIC_URL: "https://account.example/kratos" });
    expect(fetchStub).toHaveBeenCalledWith("/config.json", expect.anything());
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ["cannot be fetched", vi.fn(() => Promise.reject(new TypeError("Failed to fetch")))],
    ["answers 404", serving(404, { message: "Not found" })],
    ["has no KRATOS_PUBLIC_URL", serving(200, { OTHER: "x" })],
  ])("falls back to the development address with a console warning when /config.json %s", async (_case, fetchStub) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", fetchStub);
    expect(await loadRuntimeConfig()).toEqual(developmentFallback);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/config\.json.*development fallback/);
  });

  it("falls back when /config.json does not answer in time", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
    const config = loadRuntimeConfig();
    await vi.advanceTimersByTimeAsync(configTimeoutMs);
    expect(await config).toEqual(developmentFallback);
  });
});
