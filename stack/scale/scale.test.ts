// The scale-out stack (scale-stack.ts): state lives in PostgreSQL (and
// Redis), so whatever a user or an admin does at one portal holds at the
// other; under load, a dead Kratos and a dead portal cost their own clients
// only, and nothing is lost when they come back. Every request goes over
// real HTTP to loopback. Speeds are printed, not asserted.
import { Configuration, IdentityApi, OAuth2Api } from "@ory/client";
import autocannon from "autocannon";
import * as oidc from "openid-client";
import t from "tap";
import { HttpBrowser } from "../../testing/http-browser.js";
import { createIdentity } from "../../testing/identities.js";
import type { Flow } from "../../testing/kratos-browser.js";
import { clientCredentialsToken, hydraApplication } from "../../testing/oauth2-application.js";
import { startScaleStack, type Pair } from "./scale-stack.js";

const stack = await startScaleStack({ progress: true });
t.teardown(() => stack.stop());
const [a, b] = stack.pairs;
const kratosAdmin = (pair: Pair) => new IdentityApi(new Configuration({ basePath: pair.kratos.adminUrl }));
const hydraAdmin = (pair: Pair) => new OAuth2Api(new Configuration({ basePath: pair.hydra.adminUrl }));
t.comment(`portals: ${a.portalUrl} and ${b.portalUrl} for ${stack.origin}, on Node ${stack.node.version}`);

interface Mail {
  subject: string;
  text: string;
  to: { address: string }[];
}
async function mailsTo(address: string): Promise<Mail[]> {
  const mails = (await (await fetch(`${stack.mailUrl}/email`)).json()) as Mail[];
  return mails.filter((mail) => mail.to.some((to) => to.address === address));
}
async function waitForMail(address: string): Promise<Mail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [mail] = await mailsTo(address);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} within 30 s`);
}

/** Counts every item of a paginated admin list, following its Link header. */
async function countAll(page: (token?: string) => Promise<{ data: unknown[]; headers: Record<string, unknown> }>): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const { data, headers } = await page(token);
    count += data.length;
    const next = String(headers.link ?? "").match(/<([^>]+)>;\s*rel="next"/)?.[1];
    token = next ? (new URL(next, "http://link").searchParams.get("page_token") ?? undefined) : undefined;
  } while (token);
  return count;
}
const counts = async () => ({
  identities: await countAll((pageToken) => kratosAdmin(a).listIdentities({ pageSize: 500, pageToken })),
  sessions: await countAll((pageToken) => kratosAdmin(b).listSessions({ pageSize: 500, pageToken, active: true })),
  clients: await countAll((pageToken) => hydraAdmin(b).listOAuth2Clients({ pageSize: 500, pageToken })),
});

async function signedInUser(portal: string) {
  const user = await createIdentity(a.kratos.adminUrl, { verified: true });
  const browser = new HttpBrowser(stack.origin);
  const { status } = await browser.at(portal).signIn(user.email, user.password);
  if (status !== 200) throw new Error(`sign-in at ${portal}: ${status}`);
  return { user, browser };
}

t.test("each service's role reaches its own database only", async (t) => {
  await t.rejects(stack.postgres.query("hydra", "SELECT 1", "kratos"), /permission denied for database "hydra"/);
  await t.rejects(stack.postgres.query("kratos", "SELECT 1", "hydra"), /permission denied for database "kratos"/);
  t.equal((await stack.postgres.query("kratos", "SELECT current_user", "kratos")).trim(), "kratos");
});

t.test("signed in at portal A is signed in at portal B; signing out at B ends it at A", async (t) => {
  const { user, browser } = await signedInUser(a.portalUrl);
  const atB = await browser.json<{ identity: { id: string } }>(`${b.portalUrl}/api/session`);
  t.equal(atB.status, 200);
  t.equal(atB.body.identity.id, user.id, "portal B knows the user");
  t.equal((await browser.at(b.portalUrl).signOut()).status, 204, "signed out at B");
  t.equal((await browser.json(`${a.portalUrl}/api/session`)).status, 401, "portal A no longer knows the session");
});

t.test("an OAuth2 client made by an admin (aal2) at A is listed at B, and its secret works at either Hydra", async (t) => {
  const admin = await createIdentity(a.kratos.adminUrl, { roles: ["admin"], verified: true });
  const setup = new HttpBrowser(stack.origin);
  await setup.at(a.portalUrl).signIn(admin.email, admin.password);
  const secret = await setup.at(a.portalUrl).enrolTotp();
  const browser = new HttpBrowser(stack.origin);
  const signIn = await browser.at(a.portalUrl).signInWithTotp(admin.email, admin.password, secret);
  t.equal(signIn.status, 200, "signed in with password and TOTP");
  t.equal((await browser.json<{ aal: string }>(`${a.portalUrl}/api/session`)).body.aal, "aal2");

  const created = await browser.json<{ client_id: string; client_secret: string }>(`${a.portalUrl}/api/clients`, {
    method: "POST",
    json: { client_name: `scale-${Date.now()}`, grant_types: ["client_credentials"], response_types: ["token"], scope: "read" },
  });
  t.equal(created.status, 201, "created at A");
  const listed = await browser.json<{ items: { client_id: string }[] }>(
    `${b.portalUrl}/api/clients?search=${encodeURIComponent("scale-")}`,
  );
  t.equal(listed.status, 200);
  t.ok(
    listed.body.items.some((client) => client.client_id === created.body.client_id),
    "listed at B",
  );
  for (const pair of stack.pairs) {
    await t.resolves(
      clientCredentialsToken(pair.hydra, created.body.client_id, created.body.client_secret, "read"),
      `the secret works at Hydra ${pair.name.toUpperCase()}`,
    );
  }
});

t.test("an OAuth2 login started at Hydra B is completed at portal A", async (t) => {
  const redirectUri = "http://127.0.0.1:9/callback";
  const { data: client } = await hydraAdmin(b).createOAuth2Client({
    oAuth2Client: {
      client_name: "scale app",
      grant_types: ["authorization_code"],
      response_types: ["code"],
      scope: "openid",
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: "client_secret_basic",
    },
  });
  const user = await createIdentity(a.kratos.adminUrl, { verified: true });
  const application = await hydraApplication(b.hydra, client.client_id!, client.client_secret);
  const browser = new HttpBrowser(stack.origin);
  const authorize = oidc.buildAuthorizationUrl(application, { redirect_uri: redirectUri, scope: "openid", state: "scale-state-1234" });

  // The URL names the shared issuer; the test, as the load balancer, sends the browser to Hydra B.
  const login = await browser.location(`${b.hydra.publicUrl}${authorize.pathname}${authorize.search}`);
  t.equal(`${login.origin}${login.pathname}`, `${stack.origin}/login`, "Hydra B sends the browser to the portal's login");
  const challenge = login.searchParams.get("login_challenge")!;
  const signIn = await browser.at(a.portalUrl).signIn(user.email, user.password, `?login_challenge=${encodeURIComponent(challenge)}`);
  t.equal(signIn.status, 422, "Kratos A accepted the login at Hydra and sends the browser on");
  const { redirect_browser_to: verifier } = signIn.body as { redirect_browser_to: string };

  const consent = await browser.location(verifier);
  t.equal(`${consent.origin}${consent.pathname}`, `${stack.origin}/consent`);
  const consentChallenge = consent.searchParams.get("consent_challenge")!;
  const asked = await browser.json<{ client: { client_id: string } }>(
    `${a.portalUrl}/api/oauth2/consent?consent_challenge=${encodeURIComponent(consentChallenge)}`,
  );
  t.equal(asked.status, 200, "portal A shows the consent that Hydra B's flow asks for");
  const accepted = await browser.json<{ redirect_to: string }>(`${a.portalUrl}/api/oauth2/consent/accept`, {
    method: "POST",
    json: { consent_challenge: consentChallenge, grant_scope: ["openid"], remember: false },
  });
  t.equal(accepted.status, 200);
  const callback = await browser.location(accepted.body.redirect_to);
  t.equal(`${callback.origin}${callback.pathname}`, redirectUri);
  t.equal(callback.searchParams.get("state"), "scale-state-1234");

  // Hydra B issues the tokens: the application reaches the issuer there.
  const claims = (await oidc.authorizationCodeGrant(application, callback, { expectedState: "scale-state-1234" })).claims()!;
  t.equal(claims.sub, user.id, "for the user who signed in at portal A");
  t.equal(claims.iss, a.hydra.issuer, "one issuer for both Hydras");
});

t.test("a verification code mailed once, by the one courier, is accepted at the other portal", async (t) => {
  const addresses: string[] = [];
  for (const [sentAt, acceptedAt] of [
    [a, b],
    [b, a],
  ] as const) {
    const user = await createIdentity(a.kratos.adminUrl);
    addresses.push(user.email);
    const browser = new HttpBrowser(stack.origin);
    const flow = await browser.at(sentAt.portalUrl).startFlow("verification");
    const sent = (await browser.at(sentAt.portalUrl).submit("verification", flow, { method: "code", email: user.email })).body as Flow;
    t.equal(sent.state, "sent_email", `requested at portal ${sentAt.name.toUpperCase()}`);
    const code = (await waitForMail(user.email)).text.match(/\b(\d{6})\b/)?.[1];
    t.ok(code, "the mail carries a code");
    const passed = (await browser.at(acceptedAt.portalUrl).submit("verification", sent, { method: "code", code })).body as Flow;
    t.equal(passed.state, "passed_challenge", `accepted at portal ${acceptedAt.name.toUpperCase()}`);
    const { data } = await kratosAdmin(acceptedAt).getIdentity({ id: user.id });
    t.equal(data.verifiable_addresses?.[0]?.verified, true);
  }
  // The second mail went out after the first had arrived: a second courier would have sent the first one again by then.
  for (const address of addresses) t.equal((await mailsTo(address)).length, 1, `one mail to ${address}`);
});

t.test("the per-account sign-in limit holds across both portals (one Redis)", async (t) => {
  const user = await createIdentity(a.kratos.adminUrl, { verified: true });
  const attempt = async (portal: string, password: string) =>
    (await new HttpBrowser(stack.origin).at(portal).signIn(user.email, password)).status;
  for (let n = 1; n <= 10; n++) {
    const portal = n % 2 ? a.portalUrl : b.portalUrl;
    t.equal(await attempt(portal, `wrong-${n}`), 400, `wrong password ${n} at portal ${n % 2 ? "A" : "B"}`);
  }
  t.equal(await attempt(a.portalUrl, "wrong-11"), 429, "the 11th at portal A is refused");
  t.equal(await attempt(b.portalUrl, user.password), 429, "and so is the right password at portal B, during the lock");
});

t.test("under load, a dead Kratos and a dead portal cost their own clients only; nothing is lost", async (t) => {
  const { browser } = await signedInUser(a.portalUrl);
  const cookie = await browser.jar.getCookieString(a.portalUrl);
  const before = await counts();
  t.comment(`before: ${JSON.stringify(before)}`);

  // The test plays the load balancer in front of the portals: each connection is a client of its own
  // (an X-Forwarded-For the portals trust from loopback), as 200 people would be, not one address
  // that the per-IP limits would rightly stop.
  let clients = 0;
  const load = (url: string, connections: number, duration: number, paths: string[]) =>
    autocannon({
      url,
      connections,
      duration,
      headers: { cookie, accept: "application/json" },
      requests: paths.map((path) => ({ method: "GET", path })),
      setupClient: (client) => {
        clients += 1;
        client.setHeaders({
          cookie,
          accept: "application/json",
          "x-forwarded-for": `10.20.${Math.floor(clients / 250)}.${(clients % 250) + 1}`,
        });
      },
    });
  const figures = (name: string, result: autocannon.Result) =>
    `${name}: ${Math.round(result.requests.average)} req/s, ${result.requests.total} requests, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
    `2xx ${result["2xx"]}, non-2xx ${result.non2xx}, 5xx ${result["5xx"]}, errors ${result.errors}, timeouts ${result.timeouts}`;

  // Kratos alone, then both: the whoami that every page load makes, straight at Kratos' public API.
  // A short warm-up first, so that neither figure pays for cold caches and connection pools.
  await Promise.all(stack.pairs.map((pair) => load(pair.kratos.publicUrl, 20, 3, ["/sessions/whoami"])));
  const one = await load(a.kratos.publicUrl, 200, 10, ["/sessions/whoami"]);
  const two = await Promise.all(stack.pairs.map((pair) => load(pair.kratos.publicUrl, 100, 10, ["/sessions/whoami"])));
  const twoRate = two.reduce((sum, result) => sum + result.requests.average, 0);
  t.comment(figures("one Kratos, 200 connections", one));
  for (const [index, result] of two.entries()) t.comment(figures(`two Kratos, Kratos ${"AB"[index]} with 100 connections`, result));
  t.comment(
    `one Kratos ${Math.round(one.requests.average)} req/s, two ${Math.round(twoRate)} req/s: factor ${(twoRate / one.requests.average).toFixed(2)}`,
  );
  for (const result of [one, ...two]) t.equal(result.non2xx + result.errors, 0, "every whoami answered 200");

  // 200 connections for 20 s over both portals, the session API and the proxy;
  // at 5 s Kratos B and portal B die, at 8 s they start again.
  const paths = ["/api/session", "/kratos/sessions/whoami"];
  const running = Promise.all(stack.pairs.map((pair) => load(pair.portalUrl, 100, 20, paths)));
  const faults = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await Promise.all([stack.kill(b, "portal"), stack.kill(b, "kratos")]);
    const killedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await stack.restart(b, "kratos");
    await stack.restart(b, "portal");
    return Date.now() - killedAt;
  })();
  const [[atA, atB], downFor] = await Promise.all([running, faults]);
  t.comment(figures("portal A (survivor), 100 connections", atA));
  t.comment(figures("portal B (killed with its Kratos at 5 s), 100 connections", atB));
  t.comment(`portal B and Kratos B were down for ${(downFor / 1000).toFixed(1)} s`);
  t.equal(atA.errors, 0, "the surviving portal's clients saw no connection error or timeout");
  t.equal(atA.non2xx, 0, `and no answer other than 2xx (answers by status: ${JSON.stringify(atA.statusCodeStats)})`);
  t.equal(atA["5xx"] + atB["5xx"], 0, "no 5xx anywhere, even from the portal whose Kratos died");

  for (const pair of stack.pairs) {
    t.equal(
      (await browser.json(`${pair.portalUrl}/api/session`)).status,
      200,
      `the session still holds at portal ${pair.name.toUpperCase()}`,
    );
  }
  const after = await counts();
  t.comment(`after: ${JSON.stringify(after)}`);
  t.same(after, before, "identities, sessions and clients are all still there");
});
