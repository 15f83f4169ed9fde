// Everything the server logs at trace, with a line per request, while a user
// signs in, verifies their email, recovers the account, signs out and signs
// in to an application through Hydra: none of the codes, tokens, cookies and
// challenges those journeys carried may be in it.
import { randomUUID } from "node:crypto";
import { Configuration, OAuth2Api } from "@ory/client";
import * as oidc from "openid-client";
import t from "tap";
import { HttpBrowser } from "../../testing/http-browser.js";
import { createIdentity } from "../../testing/identities.js";
import { csrfToken, type FlowKind } from "../../testing/kratos-browser.js";
import { hydraApplication } from "../../testing/oauth2-application.js";
import { build, LogLines } from "./helpers/build.js";
import { Browser } from "./helpers/browser.js";
import { useHydra } from "./helpers/hydra.js";
import { codeIn, waitForMail } from "./helpers/mail.js";

const hydra = await useHydra(t);
const logs = new LogLines();
const app = await build(t, { ...hydra.env, LOG_LEVEL: "trace", LOG_REQUESTS: "true" }, undefined, { logs });
const origin = hydra.env.PORTAL_ORIGIN!;

/** Every value a journey carried that must never be logged. */
const secrets = new Set<string>();
const keep = (...values: (string | null | undefined)[]) => {
  for (const value of values) if (value && value.length >= 6) secrets.add(value);
};
const keepCookies = (browser: Browser) => {
  keep(...browser.cookies().map((cookie) => cookie.value));
};

async function submit(browser: Browser, kind: FlowKind, body: object) {
  const flow = await browser.startFlow(kind);
  keep(csrfToken(flow));
  return { flow, answer: await browser.submit(kind, flow, body) };
}

t.test("sign-in, verification by the mailed link, recovery by code, logout", async (t) => {
  const user = await createIdentity(hydra.kratosAdminUrl);
  keep(user.password);
  const browser = new Browser(app);
  t.equal((await browser.signIn(user.email, user.password)).statusCode, 200);
  t.equal((await browser.request("GET", "/kratos/sessions/whoami")).statusCode, 200);

  t.equal((await submit(browser, "verification", { method: "code", email: user.email })).answer.statusCode, 200);
  const verification = await waitForMail(hydra.mailUrl, user.email, /verify/i);
  const link = verification.text.match(/https?:\/\/\S+\/kratos\/self-service\/verification\?\S+/)?.[0];
  t.ok(link, "the mail has a link");
  const linkUrl = new URL(link!);
  keep(codeIn(verification), linkUrl.searchParams.get("code"));
  t.ok((await browser.request("GET", `${linkUrl.pathname}${linkUrl.search}`)).statusCode < 500, "the link works through the proxy");

  const stranger = new Browser(app);
  const { flow: recoveryFlow } = await submit(stranger, "recovery", { method: "code", email: user.email });
  const recovery = await waitForMail(hydra.mailUrl, user.email, /recover/i);
  const recoveryCode = codeIn(recovery);
  keep(recoveryCode);
  const recovered = await stranger.submit("recovery", recoveryFlow, { method: "code", code: recoveryCode });
  t.equal(recovered.statusCode, 422, "the code signs the user in and sends them to settings");
  keepCookies(stranger);

  keepCookies(browser);
  const logout = await browser.startLogout();
  keep(logout.token);
  t.ok((await browser.signOut(logout)).statusCode < 400, "signed out");

  const rejected = await app.inject({
    method: "POST",
    url: `/api/oauth2/logout/accept?code=${recoveryCode}&token=${logout.token}`,
    headers: { origin, "content-type": "application/json", cookie: browser.cookieHeader() },
    payload: "{not json",
  });
  t.equal(rejected.statusCode, 400, "a request the error handler rejects");
});

t.test("an OAuth2 sign-in, consent and logout through Hydra", async (t) => {
  const admin = new OAuth2Api(new Configuration({ basePath: hydra.adminUrl }));
  const { data: client } = await admin.createOAuth2Client({
    oAuth2Client: {
      client_name: "Log scan",
      grant_types: ["authorization_code"],
      response_types: ["code"],
      scope: "openid",
      redirect_uris: ["https://maps.example.org/callback"],
    },
  });
  const application = await hydraApplication(hydra, client.client_id!, client.client_secret);
  const user = await createIdentity(hydra.kratosAdminUrl, { verified: true });
  const agent = new HttpBrowser(origin);
  const login = await agent.location(
    oidc.buildAuthorizationUrl(application, {
      scope: "openid",
      redirect_uri: "https://maps.example.org/callback",
      state: oidc.randomState(),
    }).href,
  );
  const loginChallenge = login.searchParams.get("login_challenge")!;
  keep(loginChallenge);
  const browser = new Browser(app);
  t.equal((await browser.request("GET", `/login?login_challenge=${encodeURIComponent(loginChallenge)}`)).statusCode, 200);
  const signedIn = await browser.signIn(user.email, user.password, `?login_challenge=${encodeURIComponent(loginChallenge)}`);
  t.equal(signedIn.statusCode, 422, "back to Hydra");
  keepCookies(browser);
  const back = new URL(signedIn.json<{ redirect_browser_to: string }>().redirect_browser_to);
  keep(back.searchParams.get("login_verifier"));
  const consent = await agent.location(back.href);
  const consentChallenge = consent.searchParams.get("consent_challenge")!;
  keep(consentChallenge);
  t.equal((await browser.request("GET", `/consent?consent_challenge=${encodeURIComponent(consentChallenge)}`)).statusCode, 200);
  t.equal((await browser.request("GET", `/api/oauth2/consent?consent_challenge=${encodeURIComponent(consentChallenge)}`)).statusCode, 200);
  const accepted = await app.inject({
    method: "POST",
    url: "/api/oauth2/consent/accept",
    headers: { origin, cookie: browser.cookieHeader() },
    payload: { consent_challenge: consentChallenge, grant_scope: ["openid"], remember: false },
  });
  t.equal(accepted.statusCode, 200);
  const done = new URL(accepted.json<{ redirect_to: string }>().redirect_to);
  keep(done.searchParams.get("consent_verifier"));
  const callback = await agent.location(done.href);
  keep(callback.searchParams.get("code"));

  const logout = await agent.location(oidc.buildEndSessionUrl(application).href);
  const logoutChallenge = logout.searchParams.get("logout_challenge")!;
  keep(logoutChallenge);
  t.equal((await browser.request("GET", `/logout?logout_challenge=${encodeURIComponent(logoutChallenge)}`)).statusCode, 200);
  t.equal((await browser.request("GET", `/api/oauth2/logout?logout_challenge=${encodeURIComponent(logoutChallenge)}`)).statusCode, 200);
  const unknown = await browser.request("GET", `/api/oauth2/consent?consent_challenge=${randomUUID().replaceAll("-", "")}`);
  t.equal(unknown.statusCode, 404, "a challenge Hydra does not know");
});

t.test("nothing they carried is in the log", async (t) => {
  t.ok(secrets.size >= 15, `${secrets.size} secrets collected`);
  t.ok(logs.lines.length > 30, `${logs.lines.length} log lines`);
  t.ok(
    logs.lines.some((line) => line.includes('"path":"/kratos/self-service/verification"')),
    "the verification link's request is logged, as a path",
  );
  t.ok(
    logs.lines.some((line) => line.includes('"path":"/api/oauth2/consent"')),
    "so are the consent requests",
  );
  t.ok(
    logs.lines.some((line) => line.includes("request refused")),
    "and the error handler's line",
  );
  for (const secret of secrets) {
    // As a token of its own: a six-digit code also turns up inside a response time or a timestamp by chance.
    const token = new RegExp(`(?<![A-Za-z0-9])${secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9])`);
    const leaks = logs.lines.filter((line) => token.test(line));
    t.same(leaks, [], `${secret.slice(0, 4)}… is not logged`);
  }
  t.notOk(
    logs.lines.some((line) => /ory_kratos_session|csrf_token_|[?&](code|token|flow|\w+_challenge)=/.test(line)),
    "no cookie name, query string or challenge parameter",
  );
});
