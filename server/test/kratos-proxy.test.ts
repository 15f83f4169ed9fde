import t from "tap";
import { createIdentity } from "../../stack/testing/identities.js";
import { freePort } from "../../stack/supervisor.js";
import { build } from "./helpers/build.js";
import { Browser } from "./helpers/browser.js";
import { useKratos } from "./helpers/kratos.js";

t.test("a browser flow started through /kratos comes back to the portal with its cookies", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const origin = kratos.env.PORTAL_ORIGIN!;

  const start = await app.inject("/kratos/self-service/registration/browser");
  t.equal(start.statusCode, 303);
  const location = new URL(String(start.headers.location));
  t.equal(`${location.origin}${location.pathname}`, `${origin}/registration`, "Kratos sends the browser to the portal's page");
  const flowId = location.searchParams.get("flow");
  t.ok(flowId, "with the flow id");
  const csrfCookie = start.cookies.find((cookie) => cookie.name.startsWith("csrf_token"));
  t.ok(csrfCookie, "Kratos' CSRF cookie passes through the proxy");
  t.equal(csrfCookie?.path, "/", "for the whole portal origin");

  const withCookie = await app.inject({
    url: `/kratos/self-service/registration/flows?id=${flowId}`,
    headers: { cookie: `${csrfCookie!.name}=${csrfCookie!.value}` },
  });
  t.equal(withCookie.statusCode, 200);
  const flow = withCookie.json<{ id: string; ui: { action: string } }>();
  t.equal(flow.id, flowId);
  t.equal(flow.ui.action, `${origin}/kratos/self-service/registration?flow=${flowId}`, "forms post back through the proxy");

  const withoutCookie = await app.inject(`/kratos/self-service/registration/flows?id=${flowId}`);
  t.equal(withoutCookie.statusCode, 403, "without the cookie Kratos refuses the flow (security_csrf_violation)");
});

t.test("signing in through the proxy sets Kratos' session cookie on the portal origin", async (t) => {
  const kratos = await useKratos(t);
  const app = await build(t, kratos.env);
  const user = await createIdentity(kratos.adminUrl);

  const browser = new Browser(app);
  const signIn = await browser.signIn(user.email, user.password);
  t.equal(signIn.statusCode, 200, signIn.body);
  t.ok(browser.jar.names().includes("ory_kratos_session"));

  const whoami = await browser.request("GET", "/kratos/sessions/whoami");
  t.equal(whoami.statusCode, 200);
  t.equal(whoami.json<{ identity: { traits: { email: string } } }>().identity.traits.email, user.email);
});

t.test("Kratos unreachable: the proxy answers 503 with a clear message", async (t) => {
  const app = await build(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${await freePort()}` });
  const response = await app.inject("/kratos/self-service/login/browser");
  t.equal(response.statusCode, 503);
  t.same(response.json(), { message: "The identity service is unavailable. Please try again in a moment." });
});
