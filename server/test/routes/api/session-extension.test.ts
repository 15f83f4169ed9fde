// POST /api/session/extend ("Stay signed in") against the real Kratos: the
// caller's own session ends later; the refusals and the limit.
import t from "tap";
import { createIdentity } from "../../../../testing/identities.js";
import { build } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useKratos } from "../../helpers/kratos.js";

const kratos = await useKratos(t);
const origin = kratos.env.PORTAL_ORIGIN!;
const app = await build(t, { ...kratos.env, LIMIT_SESSION_EXTENSION: "2/1h" });

const extend = (browser?: Browser, headers: Record<string, string> = { origin }) =>
  app.inject({
    method: "POST",
    url: "/api/session/extend",
    headers: { ...headers, ...(browser ? { cookie: browser.cookieHeader() } : {}) },
  });

const expiresAt = async (browser: Browser) =>
  Date.parse((await app.inject({ method: "GET", url: "/api/session", headers: { cookie: browser.cookieHeader() } })).json().expires_at);

t.test("the signed-in user extends their own session, a few times an hour", async (t) => {
  const user = await createIdentity(kratos.adminUrl);
  const browser = new Browser(app);
  await browser.signIn(user.email, user.password);
  const before = await expiresAt(browser);
  await new Promise((resolve) => setTimeout(resolve, 1100));

  t.equal((await extend()).statusCode, 401, "not signed in");
  t.equal((await extend(browser, { origin: "https://evil.example" })).statusCode, 403, "from another site");
  const extended = await extend(browser);
  t.equal(extended.statusCode, 200);
  const after = Date.parse(extended.json().expires_at);
  t.ok(after > before, "the session ends later than before");
  t.equal(await expiresAt(browser), after, "as Kratos itself says");

  t.equal((await extend(browser)).statusCode, 200);
  const limited = await extend(browser);
  t.equal(limited.statusCode, 429, "the third in an hour");
  t.equal(limited.json().code, "rate_limited");
});
