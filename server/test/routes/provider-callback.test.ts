// Kratos' provider callback through the portal's /kratos proxy, against the
// real Kratos and Example SSO, the test provider (stack/example-sso.ts): the
// round trip signs in; what an attacker sends instead (a state that is not the
// browser's, a code used once already, a return_to of another site, a flood of
// callbacks, a provider named in the query) signs nobody in and never answers 5xx.
import t, { type Test } from "tap";
import { HttpBrowser } from "../../../testing/http-browser.js";
import { signInAtExampleSso } from "../../../testing/example-sso-browser.js";
import { createIdentity, uniqueEmail } from "../../../testing/identities.js";
import { csrfToken } from "../../../testing/kratos-browser.js";
import { build } from "../helpers/build.js";
import { Browser } from "../helpers/browser.js";
import { useKratos } from "../helpers/kratos.js";

const kratos = await useKratos(t);
const origin = kratos.env.PORTAL_ORIGIN!;
const app = await build(t, { ...kratos.env, LIMIT_PROVIDER_IP: "30/15m" });

/** Starts a provider sign-in in the browser; the provider's authorize URL Kratos answers with. */
async function toProvider(t: Test, browser: Browser, query = ""): Promise<string> {
  const flow = await browser.startFlow("login", query);
  const answer = await browser.request("POST", `/kratos/self-service/login?flow=${flow.id}`, {
    csrf_token: csrfToken(flow),
    method: "oidc",
    provider: "example-sso",
  });
  t.equal(answer.statusCode, 422, "Kratos sends the browser to the provider");
  const url = answer.json<{ redirect_browser_to: string }>().redirect_browser_to;
  t.equal(new URL(url).origin, kratos.exampleSsoIssuer, "at Example SSO");
  return url;
}

/** The provider's way back to the portal, as a path the proxy serves. */
async function callbackFor(t: Test, authorizeUrl: string, email: string): Promise<string> {
  const back = await signInAtExampleSso(new HttpBrowser(origin), authorizeUrl, email);
  t.equal(back.origin, origin, "the provider sends the browser back to the portal");
  return `${back.pathname}${back.search}`;
}

/** The callback as the browser follows the provider's redirect: a page load (Kratos answers with a redirect). */
const follow = (browser: Browser, path: string) => browser.request("GET", path, undefined, true);

const signedIn = (browser: Browser) => browser.cookies().some((cookie) => cookie.key === "ory_kratos_session");

t.test("the round trip through /kratos signs the person up and in", async (t) => {
  const browser = new Browser(app);
  const callback = await callbackFor(t, await toProvider(t, browser), uniqueEmail("round.trip"));
  t.match(callback, /^\/kratos\/self-service\/methods\/oidc\/callback\/example-sso\?/);
  const answer = await follow(browser, callback);
  t.equal(answer.statusCode, 303, `the callback: ${answer.body.slice(0, 200)}`);
  t.equal(new URL(String(answer.headers.location)).origin, origin, "back to the portal");
  t.ok(signedIn(browser), "Kratos' session cookie is set");
});

t.test("a state that is not this browser's signs nobody in", async (t) => {
  const victim = new Browser(app);
  const attacker = new Browser(app);
  // The attacker's own sign-in at the provider, handed to the victim's browser (login CSRF), or the
  // victim's state in the attacker's: neither browser's continuity cookie matches the state.
  const attackerCallback = await callbackFor(t, await toProvider(t, attacker), uniqueEmail("attacker"));
  await toProvider(t, victim);
  const answer = await follow(victim, attackerCallback);
  t.ok(answer.statusCode < 500, `no 5xx: ${answer.statusCode}`);
  t.notOk(signedIn(victim), "the victim's browser is not signed in as the attacker");

  const tampered = new URL(attackerCallback, origin);
  tampered.searchParams.set("state", `${tampered.searchParams.get("state") ?? ""}00`);
  const broken = await follow(attacker, `${tampered.pathname}${tampered.search}`);
  t.ok(broken.statusCode < 500, `a changed state: no 5xx (${broken.statusCode})`);
  t.notOk(signedIn(attacker), "a changed state signs nobody in");
});

t.test("a code used once already signs nobody in", async (t) => {
  const browser = new Browser(app);
  const callback = await callbackFor(t, await toProvider(t, browser), uniqueEmail("replayed"));
  t.equal((await follow(browser, callback)).statusCode, 303);
  t.ok(signedIn(browser));
  // The same answer of the provider, replayed from another browser: no continuity cookie, and the code is spent.
  const replayer = new Browser(app);
  await toProvider(t, replayer);
  const replayed = await follow(replayer, callback);
  t.ok(replayed.statusCode < 500, `no 5xx: ${replayed.statusCode}`);
  t.notOk(signedIn(replayer), "the replayed code signs nobody in");
});

t.test("a return_to of another site is refused before the provider is asked", async (t) => {
  const browser = new Browser(app);
  const answer = await browser.request("GET", "/kratos/self-service/login/browser?return_to=https://evil.example/");
  t.equal(answer.statusCode, 400, "Kratos refuses the flow");
  t.notOk(signedIn(browser));

  // One of the portal's own pages is kept through the whole round trip.
  const own = new Browser(app);
  const callback = await callbackFor(
    t,
    await toProvider(t, own, `?return_to=${encodeURIComponent(`${origin}/settings`)}`),
    uniqueEmail("own"),
  );
  const back = await follow(own, callback);
  t.equal(back.statusCode, 303);
  t.equal(back.headers.location, `${origin}/settings`, "the portal's page, where the sign-in was asked for");
  t.ok(signedIn(own));
});

t.test("a provider, link or method in the query of a submission is refused as ambiguous", async (t) => {
  const browser = new Browser(app);
  const flow = await browser.startFlow("login");
  const user = await createIdentity(kratos.adminUrl);
  const answer = await browser.request("POST", `/kratos/self-service/login?flow=${flow.id}&provider=example-sso`, {
    csrf_token: csrfToken(flow),
    method: "password",
    identifier: user.email,
    password: user.password,
  });
  t.equal(answer.statusCode, 400);
  t.same(answer.json(), { code: "ambiguous_request" });
});

t.test("a provider id the proxy does not know is not passed to Kratos", async (t) => {
  const answer = await app.inject({ method: "GET", url: "/kratos/self-service/methods/oidc/callback/..%2Fadmin" });
  t.equal(answer.statusCode, 400);
  const upper = await app.inject({ method: "GET", url: "/kratos/self-service/methods/oidc/callback/Example-SSO?state=x" });
  t.equal(upper.statusCode, 400);
});

t.test("a flood of callbacks from one network is held", async (t) => {
  let last = 0;
  for (let index = 0; index < 35 && last !== 429; index++) {
    last = (
      await app.inject({
        method: "GET",
        url: "/kratos/self-service/methods/oidc/callback/example-sso?state=forged&code=x",
        remoteAddress: "198.51.100.7",
      })
    ).statusCode;
    t.ok(last < 500, `no 5xx (${last})`);
  }
  t.equal(last, 429, "the provider limit answers 429");
});
