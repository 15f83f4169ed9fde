import { describe, expect, it } from "vitest";
import { retryAfterSecondsOf } from "./retry-after";

describe("retryAfterSecondsOf", () => {
  it("reads seconds", () => {
    expect(retryAfterSecondsOf("720")).toBe(720);
    expect(retryAfterSecondsOf(" 0 ")).toBe(0);
  });

  it("reads an HTTP date as the seconds until then, never below zero", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(retryAfterSecondsOf("Sun, 01 Mar 2026 10:02:00 GMT", now)).toBe(120);
    expect(retryAfterSecondsOf("Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
  });

  it("knows nothing from a missing or malformed header", () => {
    expect(retryAfterSecondsOf(null)).toBeUndefined();
    expect(retryAfterSecondsOf("")).toBeUndefined();
    expect(retryAfterSecondsOf("soon")).toBeUndefined();
    expect(retryAfterSecondsOf("-5")).toBeUndefined();
  });
});
