// The browser security headers on every kind of answer: the SPA's pages, the
// API and the Kratos proxy.
import t from "tap";
import { build } from "../helpers/build.js";
import { useKratos } from "../helpers/kratos.js";

const kratos = await useKratos(t);

/** The CSP as directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

t.test("every answer carries the headers, pages, API and proxy alike", async (t) => {
  const app = await build(t, kratos.env);
  for (const url of [
    "/",
    "/consent?consent_challenge=abc",
    "/login",
    "/api/session",
    "/api/nothing",
    "/kratos/sessions/whoami",
    "/kratos/admin/identities",
  ]) {
    const response = await app.inject(url);
    t.ok(response.statusCode < 500, `${url}: ${response.statusCode}`);
    const csp = policy(response.headers["content-security-policy"]);
    t.same(csp.get("default-src"), ["'self'"], `${url}: default-src`);
    t.same(csp.get("script-src"), ["'self'"], "scripts: the portal's own files, no inline, no eval");
    t.same(csp.get("style-src"), ["'self'"], "styles: the portal's own files");
    t.same(csp.get("img-src"), ["'self'", "data:", "https:"], "images: the TOTP QR code (data:) and client logos (https)");
    t.same(csp.get("connect-src"), ["'self'"]);
    t.same(csp.get("object-src"), ["'none'"]);
    t.same(csp.get("base-uri"), ["'none'"]);
    t.same(csp.get("frame-ancestors"), ["'none'"], "no framing: no clickjacked consent");
    t.same(csp.get("form-action"), ["'self'"]);
    t.notOk(csp.has("upgrade-insecure-requests"), "not on http");
    t.equal(response.headers["x-frame-options"], "DENY");
    t.equal(response.headers["x-content-type-options"], "nosniff");
    t.equal(response.headers["referrer-policy"], "same-origin", "flow ids and challenges in URLs go nowhere but to the portal");
    t.notOk(response.headers["strict-transport-security"], "no HSTS on http");
    t.notOk(response.headers["origin-agent-cluster"], "no process asked for once the answer is in");
  }
});

t.test("a page is a window of its own, but for those an application's sign-in window shows", async (t) => {
  const app = await build(t, kratos.env);
  for (const url of ["/settings", "/changepwd", "/manage-clients", "/manage-users", "/", "/no-such-page"]) {
    const response = await app.inject(url);
    t.equal(response.headers["cross-origin-opener-policy"], "same-origin", `${url}: no other site's window holds a handle on it`);
  }
  // Hydra sends an application's sign-in window (an OAuth2 popup) to these, and Kratos' answers send it on, through
  // the proxy, back to Hydra: the header would cut the window from the application that waits for it.
  for (const url of [
    "/login?login_challenge=abc",
    "/registration",
    "/recovery",
    "/verification",
    "/consent?consent_challenge=abc",
    "/logout?logout_challenge=abc",
    "/error?id=abc",
    "/terms",
    "/kratos/self-service/login/browser",
    "/api/session",
  ]) {
    const response = await app.inject(url);
    t.ok(response.statusCode < 500, `${url}: ${response.statusCode}`);
    t.notOk(response.headers["cross-origin-opener-policy"], `${url}: the window keeps its opener`);
  }
});

t.test("an https origin adds HSTS and upgrade-insecure-requests; operators add form-action origins", async (t) => {
  const app = await build(t, {
    ...kratos.env,
    PORTAL_ORIGIN: "https://account.example.org",
    CSP_FORM_ACTION_ORIGINS: "https://auth.example.org,https://maps.example.org",
  });
  const response = await app.inject("/consent");
  t.equal(response.headers["strict-transport-security"], "max-age=31536000");
  const csp = policy(response.headers["content-security-policy"]);
  t.same(csp.get("upgrade-insecure-requests"), []);
  t.same(csp.get("form-action"), ["'self'", "https://auth.example.org", "https://maps.example.org"]);
});
