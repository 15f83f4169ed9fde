import t from "tap";
import { createIdentity } from "../../../../testing/identities.js";
import { freePort } from "../../../../stack/supervisor.js";
import { build } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useKratos } from "../../helpers/kratos.js";

t.test("GET /api/session", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);

  t.test("401 when not signed in", async (t) => {
    const response = await app.inject("/api/session");
    t.equal(response.statusCode, 401);
    t.same(response.json(), { code: "not_signed_in" });

    const forged = await app.inject({ url: "/api/session", headers: { cookie: "ory_kratos_session=forged" } });
    t.equal(forged.statusCode, 401, "a forged session cookie is not a session");
  });

  t.test("200 with the identity and its roles from metadata_public", async (t) => {
    const admin = await createIdentity(kratos.adminUrl, {
      roles: ["admin", "auditor"],
      name: { first: "Ada", last: "Lovelace" },
    });
    const browser = new Browser(app);
    t.equal((await browser.signIn(admin.email, admin.password)).statusCode, 200);

    const response = await browser.request("GET", "/api/session");
    t.equal(response.statusCode, 200);
    t.equal(response.headers["cache-control"], "no-store");
    const body = response.json();
    t.equal(body.identity.id, admin.id);
    t.same(body.identity.traits, { email: admin.email, name: { first: "Ada", last: "Lovelace" } });
    t.match(body.identity.verifiable_addresses, [{ value: admin.email, verified: false, via: "email" }]);
    t.same(body.roles, ["admin", "auditor"], "the roles the original always lost");
    t.equal(body.aal, "aal1");
    t.ok(Date.parse(body.authenticated_at) <= Date.now());
    t.ok(Date.parse(body.expires_at) > Date.now());
    t.notOk("metadata_admin" in body.identity, "nothing beyond what the SPA needs");
  });

  t.test("200 with no roles when metadata_public has none", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const browser = new Browser(app);
    await browser.signIn(user.email, user.password);
    const response = await browser.request("GET", "/api/session");
    t.equal(response.statusCode, 200);
    t.same(response.json().roles, []);
  });

  t.test("403 aal2_required when a second factor exists but was not used", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const enrolling = new Browser(app);
    await enrolling.signIn(user.email, user.password);
    await enrolling.enrolTotp();

    const passwordOnly = new Browser(app);
    const signIn = await passwordOnly.signIn(user.email, user.password);
    // browser_location_change_required: Kratos sends a browser that signed in with
    // one factor of two on to the second; the aal1 session cookie is already set.
    t.equal(signIn.statusCode, 422);
    t.match(signIn.json(), { redirect_browser_to: /\/kratos\/self-service\/login\/browser\?aal=aal2$/ });
    t.ok(passwordOnly.cookies().some((cookie) => cookie.key === "ory_kratos_session"));
    const response = await passwordOnly.request("GET", "/api/session");
    t.equal(response.statusCode, 403);
    t.same(response.json(), { code: "aal2_required" });
  });

  t.test("200 at aal2 once the second factor is used", async (t) => {
    const user = await createIdentity(kratos.adminUrl);
    const enrolling = new Browser(app);
    await enrolling.signIn(user.email, user.password);
    const secret = await enrolling.enrolTotp();
    const browser = new Browser(app);
    await browser.signInWithTotp(user.email, user.password, secret);
    const response = await browser.request("GET", "/api/session");
    t.equal(response.statusCode, 200);
    t.equal(response.json().aal, "aal2");
  });
});

t.test("GET /api/session and /readyz answer 503 when Kratos cannot be reached", async (t) => {
  // Nothing listens there: what the portal sees when Kratos is stopped.
  const app = await build(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
  const session = await app.inject({ url: "/api/session", headers: { cookie: "ory_kratos_session=abc" } });
  t.equal(session.statusCode, 503);
  t.same(session.json(), { code: "kratos_unavailable" });

  const ready = await app.inject("/readyz");
  t.equal(ready.statusCode, 503);
  t.same(ready.json(), { code: "kratos_unavailable" });
});

t.test("GET /api/session and /readyz answer 502 when Kratos answers what they do not expect", async (t) => {
  // A misconfigured KRATOS_PUBLIC_URL, with a path below which Kratos has no /sessions/whoami (404).
  const kratos = await useKratos(t);
  const app = await build(t, { KRATOS_PUBLIC_URL: `${kratos.publicUrl}/self-service` });
  const expected = { code: "kratos_unexpected" };
  const session = await app.inject({ url: "/api/session", headers: { cookie: "ory_kratos_session=abc" } });
  t.equal(session.statusCode, 502);
  t.same(session.json(), expected);
  const ready = await app.inject("/readyz");
  t.equal(ready.statusCode, 502);
  t.same(ready.json(), expected);
});

t.test("GET /readyz answers 200 when Kratos answers", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const response = await app.inject("/readyz");
  t.equal(response.statusCode, 200);
  t.same(response.json(), { status: "ready" });
});
