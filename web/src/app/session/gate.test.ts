import { matchRoutes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { SessionBody } from "../../lib/current-session";
import { allowsTermsPending, isPublicMatch } from "../route-access";
import { routes } from "../routes";
import { decideGate } from "./gate";
import { sessionOutcome } from "./get-session";

const session: SessionBody = {
  identity: { id: "id-1", traits: { email: "ada@example.com" }, verifiable_addresses: [] },
  roles: [],
  aal: "aal1",
  authenticated_at: null,
  expires_at: null,
};

/** Public as the real route tree says. */
const isPublicPath = (pathname: string) => isPublicMatch(matchRoutes(routes, pathname) ?? []);

/** The code /api/session answers each status with. */
const codes: Partial<Record<number, string>> = {
  401: "not_signed_in",
  403: "aal2_required",
  500: "internal_error",
  502: "kratos_unexpected",
  503: "kratos_unavailable",
};

function decide(status: number, url: string) {
  const body = status === 200 ? session : { code: codes[status] };
  return decideGate(sessionOutcome(status, body), new URL(url), isPublicPath(new URL(url).pathname));
}

function loginHref(query: Record<string, string>) {
  return `/login?${new URLSearchParams(query).toString()}`;
}

describe("the session gate on a non-public route", () => {
  const url = "http://localhost:3000/settings?tab=profile";

  it("renders the page inside the shell when a session exists (200)", () => {
    expect(decide(200, url)).toEqual({ kind: "page" });
  });

  it("sends a signed-out user (401) to /login and remembers where they were going", () => {
    expect(decide(401, url)).toEqual({ kind: "redirect", to: loginHref({ return_to: url }) });
  });

  it("sends a session with one factor of two (403 aal2_required) to the second-factor login, keeping return_to", () => {
    expect(decide(403, url)).toEqual({ kind: "redirect", to: loginHref({ aal: "aal2", return_to: url }) });
  });

  it.each([500, 502, 503])("shows the unavailable page when the portal or the identity service fails (%i)", (status) => {
    expect(decide(status, url)).toEqual({ kind: "unavailable" });
  });

  it.each([400, 404])("sends any other failure (%i) to /login", (status) => {
    expect(decide(status, url)).toEqual({ kind: "redirect", to: loginHref({ return_to: url }) });
  });

  it("treats a 200 without a session body as a failure", () => {
    expect(decideGate(sessionOutcome(200, { hello: "world" }), new URL(url), false)).toEqual({
      kind: "redirect",
      to: loginHref({ return_to: url }),
    });
  });
});

describe("the route tree's public routes", () => {
  it("are exactly sign-in, logout, registration, recovery, the error page and an address that is no page's", () => {
    const candidates = [
      "/login",
      "/logout",
      "/registration",
      "/recovery",
      "/error",
      "/consent",
      "/settings",
      "/",
      "/manage-clients",
      "/nowhere",
    ];
    expect(candidates.filter(isPublicPath)).toEqual(["/login", "/logout", "/registration", "/recovery", "/error", "/nowhere"]);
  });
});

describe("the session gate on a public route", () => {
  it.each(["/login", "/logout", "/registration", "/recovery", "/error"])("renders %s without the shell", (path) => {
    for (const status of [200, 401, 400]) {
      expect(decide(status, `http://localhost:3000${path}`)).toEqual({ kind: "page" });
    }
  });

  it("shows the unavailable page on 503 as well", () => {
    expect(decide(503, "http://localhost:3000/login")).toEqual({ kind: "unavailable" });
  });

  it("sends 403 on /login to the second-factor login, keeping the login's return_to", () => {
    const returnTo = "http://localhost:3000/verification";
    expect(decide(403, `http://localhost:3000/login?return_to=${encodeURIComponent(returnTo)}`)).toEqual({
      kind: "redirect",
      to: loginHref({ aal: "aal2", return_to: returnTo }),
    });
  });

  it.each(["/login?aal=aal2", "/login?flow=9f1c"])(
    "renders the second-factor login %s itself instead of redirecting to it again",
    (path) => {
      expect(decide(403, `http://localhost:3000${path}`)).toEqual({ kind: "page" });
    },
  );

  it.each(["/logout", "/error"])("lets %s render without the second factor", (path) => {
    expect(decide(403, `http://localhost:3000${path}`)).toEqual({ kind: "page" });
  });

  it("sends 403 on /registration to the second-factor login", () => {
    expect(decide(403, "http://localhost:3000/registration")).toEqual({ kind: "redirect", to: "/login?aal=aal2" });
  });
});

describe("the session gate with terms of service to accept", () => {
  const pending = { kind: "session", session: { ...session, terms_pending: "2026-02" } } as const;
  const gate = (url: string) => {
    const matches = matchRoutes(routes, new URL(url).pathname) ?? [];
    return decideGate(pending, new URL(url), isPublicMatch(matches), allowsTermsPending(matches));
  };

  it("sends a signed-in page to the terms first, and back to it after", () => {
    expect(gate("http://localhost:3000/settings/devices?x=1#top")).toEqual({
      kind: "redirect",
      to: `/terms?${new URLSearchParams({ return_to: "/settings/devices?x=1#top" }).toString()}`,
    });
  });

  it("shows the terms page itself, the public pages, and every page once accepted", () => {
    expect(gate("http://localhost:3000/terms?return_to=%2Fsettings")).toEqual({ kind: "page" });
    expect(gate("http://localhost:3000/logout")).toEqual({ kind: "page" });
    expect(decide(200, "http://localhost:3000/settings")).toEqual({ kind: "page" });
  });
});
