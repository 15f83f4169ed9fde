import { describe, expect, it } from "vitest";
import { webUrl } from "./web-url";

describe("webUrl", () => {
  it("keeps http and https addresses", () => {
    expect(webUrl("https://maps.example.org/")).toBe("https://maps.example.org/");
    expect(webUrl("http://localhost:8080/logo.png")).toBe("http://localhost:8080/logo.png");
  });

  it("drops script, data and relative addresses, and empty ones", () => {
    expect(webUrl("javascript:alert(1)")).toBeUndefined();
    expect(webUrl("data:image/png;base64,AAAA")).toBeUndefined();
    expect(webUrl("/logo.png")).toBeUndefined();
    expect(webUrl("")).toBeUndefined();
  });
});
