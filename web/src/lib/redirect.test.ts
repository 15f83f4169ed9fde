// The one check every followed URL passes, against what attackers put in return_to.
import { describe, expect, it } from "vitest";
import { safeInAppPath, safeRedirect } from "./redirect";

const base = "http://localhost:3000";

describe("safeRedirect on the portal's own origin", () => {
  it("follows the portal's own pages, relative or absolute, normalised", () => {
    expect(safeRedirect("/verification?x=1", undefined, base)).toBe("http://localhost:3000/verification?x=1");
    expect(safeRedirect("http://localhost:3000/settings#top", undefined, base)).toBe("http://localhost:3000/settings#top");
    expect(safeRedirect("/kratos/self-service/login/browser?aal=aal2", undefined, base)).toBe(
      "http://localhost:3000/kratos/self-service/login/browser?aal=aal2",
    );
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    " //evil.example",
    "/\\/evil.example/path",
    "https://evil.example/",
    "http://localhost:3000@evil.example/",
    "https:evil.example",
    "http://localhost:3001/",
    "https://localhost:3000/",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "blob:http://localhost:3000/0c5b",
    "",
    "http://[::1",
  ])("refuses %j", (value) => {
    expect(safeRedirect(value, undefined, base)).toBeUndefined();
  });

  it.each([
    "http:\\\\localhost:3000\\settings",
    "http:\\/localhost:3000/settings",
    "/settings\\..\\recovery",
    "/set\ttings",
    "/settings\n",
    "/settings\u0000",
  ])("refuses %j, which is the portal to the browser but that Kratos reads otherwise", (value) => {
    expect(safeRedirect(value, undefined, base)).toBeUndefined();
  });

  it("keeps encoded variants on the portal: they are paths, not other hosts", () => {
    for (const value of ["%2F%2Fevil.example", "/%2F%2Fevil.example", "/%5Cevil.example", "javascript%3Aalert(1)"]) {
      expect(new URL(safeRedirect(value, undefined, base) ?? "about:blank").origin).toBe(base);
    }
  });

  it("refuses what the address bar's query decodes into another host", () => {
    const query = new URLSearchParams("a=%2F%2Fevil.example&b=%2F%5Cevil.example&c=javascript%3Aalert(1)");
    for (const key of ["a", "b", "c"]) expect(safeRedirect(query.get(key), undefined, base)).toBeUndefined();
  });

  it("also follows an origin the caller names, and no other", () => {
    const hydra = { kind: "same-origin", alsoOrigins: ["http://localhost:4444/oauth2/auth?client_id=a"] } as const;
    expect(safeRedirect("http://localhost:4444/oauth2/auth?login_verifier=v", hydra, base)).toBe(
      "http://localhost:4444/oauth2/auth?login_verifier=v",
    );
    expect(safeRedirect("http://localhost:4445/admin", hydra, base)).toBeUndefined();
    expect(safeRedirect("//localhost:4444.evil.example/", hydra, base)).toBeUndefined();
    expect(safeRedirect("/settings", { kind: "same-origin", alsoOrigins: [undefined, "not a url"] }, base)).toBe(
      "http://localhost:3000/settings",
    );
  });
});

describe("safeRedirect to any web page", () => {
  it("keeps absolute http and https addresses", () => {
    expect(safeRedirect("https://maps.example.org/", { kind: "web" })).toBe("https://maps.example.org/");
    expect(safeRedirect("http://localhost:8080/logo.png", { kind: "web" })).toBe("http://localhost:8080/logo.png");
  });

  it("drops script, data and relative addresses, and empty ones", () => {
    expect(safeRedirect("javascript:alert(1)", { kind: "web" })).toBeUndefined();
    expect(safeRedirect("data:image/png;base64,AAAA", { kind: "web" })).toBeUndefined();
    expect(safeRedirect("/logo.png", { kind: "web" })).toBeUndefined();
    expect(safeRedirect("//evil.example/x", { kind: "web" })).toBeUndefined();
    expect(safeRedirect("", { kind: "web" })).toBeUndefined();
  });
});

describe("safeInAppPath", () => {
  it("gives the router a path on this origin", () => {
    expect(safeInAppPath("http://localhost:3000/verification?x=1#a", base)).toBe("/verification?x=1#a");
    expect(safeInAppPath("/\\evil.example", base)).toBeUndefined();
    expect(safeInAppPath("https://evil.example/steal", base)).toBeUndefined();
  });
});
