import { afterEach, describe, expect, it, vi } from "vitest";
import { developmentFallback, loadRuntimeConfig } from "./runtime-config";

afterEach(() => {
  vi.restoreAllMocks();
});

function serving(status: number, body: unknown): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status });
}

describe("loadRuntimeConfig", () => {
  it("uses the portal's /config.json without a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const config = await loadRuntimeConfig(serving(200, { KRATOS_PUBLIC_URL: "https://account.example/kratos" }));
    expect(config).toEqual({ KRATOS_PUBLIC_URL: "https://account.example/kratos" });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ["cannot be fetched", (async () => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch],
    ["answers 404", serving(404, { message: "Not found" })],
    ["has no KRATOS_PUBLIC_URL", serving(200, { OTHER: "x" })],
  ])("falls back to the development address with a console warning when /config.json %s", async (_case, fetchImpl) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await loadRuntimeConfig(fetchImpl)).toEqual(developmentFallback);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/config\.json.*development fallback/);
  });
});
