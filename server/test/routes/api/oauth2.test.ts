// /api/oauth2 in a real authorization-code flow: Hydra sends the browser to
// the portal's login (Kratos accepts the login_challenge), then to its consent
// page (these routes), and the application gets a code, tokens and claims;
// then Connected apps lists and revokes what the user granted.
import { randomUUID } from "node:crypto";
import { Configuration, OAuth2Api } from "@ory/client";
import * as oidc from "openid-client";
import t, { type Test } from "tap";
import { freePort } from "../../../../stack/supervisor.js";
import { HttpBrowser } from "../../../../testing/http-browser.js";
import { createIdentity, type TestIdentity } from "../../../../testing/identities.js";
import { hydraApplication } from "../../../../testing/oauth2-application.js";
import { apiCaller } from "../../helpers/api.js";
import { build } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useHydra } from "../../helpers/hydra.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const app = await build(t, hydra.env);
const admin = new OAuth2Api(new Configuration({ basePath: hydra.adminUrl }));
const redirectUri = "https://maps.example.org/callback";

/** An application at Hydra: its client id, and its side of OAuth2 (openid-client). */
interface Application {
  id: string;
  oidc: oidc.Configuration;
}

async function newClient(extra: object = {}): Promise<Application> {
  const { data } = await admin.createOAuth2Client({
    oAuth2Client: {
      client_name: `Map viewer ${randomUUID().slice(0, 6)}`,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "openid offline_access email profile",
      redirect_uris: [redirectUri],
      ...extra,
    },
  });
  return { id: data.client_id!, oidc: await hydraApplication(hydra, data.client_id!, data.client_secret) };
}

const call = apiCaller(origin, app);

interface SignedIn {
  user: TestIdentity;
  /** The user's browser at the portal (app.inject) and at Hydra (over HTTP). */
  browser: Browser;
  agent: HttpBrowser;
  client: Application;
  /** The state the application sent with its authorization request. */
  state: string;
  /** Where the consent step starts: the portal's /consent?consent_challenge=… */
  consentUrl: URL;
}

/**
 * Hydra → portal /login?login_challenge → a Kratos login flow carrying the
 * challenge → Kratos accepts it at Hydra → Hydra → portal /consent.
 */
async function signInThroughHydra(t: Test, options: { client?: Application; user?: TestIdentity; scope?: string } = {}): Promise<SignedIn> {
  const user = options.user ?? (await createIdentity(hydra.kratosAdminUrl, { verified: true, name: { first: "Ada", last: "Lovelace" } }));
  const client = options.client ?? (await newClient());
  const agent = new HttpBrowser(origin);
  const state = oidc.randomState();
  const authorize = oidc.buildAuthorizationUrl(client.oidc, {
    redirect_uri: redirectUri,
    scope: options.scope ?? "openid email profile",
    state,
  });
  const login = await agent.location(authorize.href);
  t.equal(`${login.origin}${login.pathname}`, `${origin}/login`, "Hydra sends the browser to the portal's login");
  const challenge = login.searchParams.get("login_challenge")!;

  const browser = new Browser(app);
  const submitted = await browser.signIn(user.email, user.password, `?login_challenge=${encodeURIComponent(challenge)}`);
  // browser_location_change_required: Kratos accepted the login at Hydra; the browser goes back there.
  t.equal(submitted.statusCode, 422, "Kratos hands the login back to Hydra");
  const back = submitted.json().redirect_browser_to as string;
  t.ok(back.startsWith(`http://localhost:`), "to Hydra's issuer");
  const consentUrl = await agent.location(back);
  return { user, browser, agent, client, state, consentUrl };
}

/** What the application does at its callback: exchanges the code for tokens, checking the state and the ID token. */
function exchange({ client, state }: SignedIn, callback: URL) {
  return oidc.authorizationCodeGrant(client.oidc, callback, { expectedState: state });
}

t.test("consent: the user sees the application, grants some scopes, and the application gets the claims", async (t) => {
  const signedIn = await signInThroughHydra(t);
  const { user, browser, agent, client, consentUrl } = signedIn;
  t.equal(consentUrl.pathname, "/consent");
  const challenge = consentUrl.searchParams.get("consent_challenge")!;
  const url = `/api/oauth2/consent?consent_challenge=${encodeURIComponent(challenge)}`;

  t.equal((await call("GET", url)).statusCode, 401, "not signed in");
  const someoneElse = new Browser(app);
  const other = await createIdentity(hydra.kratosAdminUrl);
  await someoneElse.signIn(other.email, other.password);
  const foreign = await call("GET", url, { as: someoneElse });
  t.equal(foreign.statusCode, 403, "another account cannot answer it");
  t.same(foreign.json(), { code: "other_account" });
  t.equal(
    (
      await call("POST", "/api/oauth2/consent/accept", {
        as: someoneElse,
        payload: {
          consent_challenge: challenge,
          grant_scope: ["openid"],
          remember: true,
        },
      })
    ).json().code,
    "other_account",
  );

  const shown = await call("GET", url, { as: browser });
  t.equal(shown.statusCode, 200);
  const request = shown.json();
  t.match(request, { challenge, application: { client_id: client.id }, requested_scope: ["openid", "email", "profile"] });
  t.match(request.application.client_name, /^Map viewer/);

  const decision = { consent_challenge: challenge, grant_scope: ["openid", "email"], remember: true };
  t.equal(
    (await call("POST", "/api/oauth2/consent/accept", { as: browser, payload: decision, headers: { origin: "https://evil.example" } }))
      .statusCode,
    403,
    "CSRF",
  );
  const tooMuch = await call("POST", "/api/oauth2/consent/accept", {
    as: browser,
    payload: { ...decision, grant_scope: ["openid", "admin"] },
  });
  t.equal(tooMuch.statusCode, 400, "a scope the application did not ask for");
  t.same(tooMuch.json(), { code: "invalid_fields", errors: [{ field: "grant_scope", code: "scope_not_requested", values: ["admin"] }] });

  const accepted = await call("POST", "/api/oauth2/consent/accept", { as: browser, payload: decision });
  t.equal(accepted.statusCode, 200);
  const callback = await agent.location(accepted.json().redirect_to);
  t.equal(`${callback.origin}${callback.pathname}`, redirectUri, "Hydra sends the browser back to the application");
  const tokens = await exchange(signedIn, callback);
  const claims = tokens.claims()!;
  t.equal(claims.sub, user.id);
  t.equal(claims.email, user.email);
  t.equal(claims.email_verified, true);
  t.notOk("given_name" in claims, "profile was not granted: no name");

  t.match(await oidc.fetchUserInfo(client.oidc, tokens.access_token, claims.sub), { sub: user.id, email: user.email });

  // Hydra's API docs promise 410 with redirect_to for an answered request; v2.3.0's sealed
  // challenges still read as open, so the page would ask again (the BFF handles both).
  const again = await call("GET", url, { as: browser });
  t.equal(again.statusCode, 200, "an answered challenge does not fail");

  // A second authorization within what was granted: the remembered decision skips the question.
  const second = await signInThroughHydra(t, { client, user, scope: "openid email" });
  const skipped = await call(
    "GET",
    `/api/oauth2/consent?consent_challenge=${encodeURIComponent(second.consentUrl.searchParams.get("consent_challenge")!)}`,
    { as: second.browser },
  );
  t.equal(skipped.statusCode, 200);
  t.notOk("challenge" in skipped.json(), "no question this time");
  const secondCallback = await second.agent.location(skipped.json().redirect_to);
  t.ok(secondCallback.searchParams.get("code"), "the application gets a code");
});

t.test("consent: profile puts the name in the ID token; skip_consent clients are not asked", async (t) => {
  const client = await newClient({ skip_consent: true });
  const signedIn = await signInThroughHydra(t, { client, scope: "openid profile" });
  const { user, browser, agent, consentUrl } = signedIn;
  const challenge = encodeURIComponent(consentUrl.searchParams.get("consent_challenge")!);
  // Fetching the page (a link preview, a script that follows redirects) does not answer Hydra: the page's script does.
  const page = await app.inject({ url: `/consent?consent_challenge=${challenge}`, headers: { cookie: browser.cookieHeader() } });
  t.equal(page.statusCode, 200);
  t.notMatch(page.body, "consent_verifier", "the page's HTML carries no answer to Hydra");
  const answer = await call("GET", `/api/oauth2/consent?consent_challenge=${challenge}`, { as: browser });
  t.equal(answer.statusCode, 200);
  const callback = await agent.location(answer.json().redirect_to);
  const claims = (await exchange(signedIn, callback)).claims()!;
  t.match(claims, { sub: user.id, given_name: "Ada", family_name: "Lovelace", name: "Ada Lovelace" });
  t.notOk("email" in claims, "email was not requested");
});

t.test("consent: deny sends the application access_denied", async (t) => {
  const { browser, agent, consentUrl } = await signInThroughHydra(t);
  const challenge = consentUrl.searchParams.get("consent_challenge")!;
  t.equal((await call("POST", "/api/oauth2/consent/reject", { payload: { consent_challenge: challenge } })).statusCode, 401);
  const rejected = await call("POST", "/api/oauth2/consent/reject", { as: browser, payload: { consent_challenge: challenge } });
  t.equal(rejected.statusCode, 200);
  const callback = await agent.location(rejected.json().redirect_to);
  t.equal(callback.searchParams.get("error"), "access_denied");
});

t.test("a challenge that Hydra does not know is a 404 with a way out", async (t) => {
  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(app);
  await browser.signIn(user.email, user.password);
  const response = await call("GET", "/api/oauth2/consent?consent_challenge=not-a-challenge", { as: browser });
  t.equal(response.statusCode, 404);
  t.same(response.json(), { code: "challenge_unknown" });
  t.equal((await call("GET", "/api/oauth2/logout?logout_challenge=not-a-challenge")).statusCode, 404);
});

/** Where Hydra asks the portal to confirm the logout of a user signed in to an application through it. */
async function logoutChallenge(t: Test): Promise<{ browser: Browser; challenge: string; agent: HttpBrowser }> {
  const { browser, agent, client, consentUrl } = await signInThroughHydra(t);
  const accepted = await call("POST", "/api/oauth2/consent/accept", {
    as: browser,
    payload: {
      consent_challenge: consentUrl.searchParams.get("consent_challenge")!,
      grant_scope: ["openid"],
      remember: false,
    },
  });
  await agent.location(accepted.json().redirect_to);
  const logout = await agent.location(oidc.buildEndSessionUrl(client.oidc).href);
  t.equal(`${logout.origin}${logout.pathname}`, `${origin}/logout`, "Hydra asks the portal to confirm");
  return { browser, agent, challenge: logout.searchParams.get("logout_challenge")! };
}

t.test("logout: the user confirms, Hydra's and Kratos' sessions end", async (t) => {
  const { browser, agent, challenge } = await logoutChallenge(t);
  const shown = await call("GET", `/api/oauth2/logout?logout_challenge=${encodeURIComponent(challenge)}`);
  t.equal(shown.statusCode, 200);
  t.equal(shown.json().challenge, challenge);

  t.equal(
    (
      await call("POST", "/api/oauth2/logout/accept", {
        payload: { logout_challenge: challenge },
        headers: { origin: "https://evil.example" },
      })
    ).statusCode,
    403,
    "CSRF",
  );
  t.equal((await call("GET", "/api/session", { as: browser })).statusCode, 200, "signed in before");
  // No Kratos session needed: ending Hydra's session must work after Kratos' has expired.
  const done = await call("POST", "/api/oauth2/logout/accept", { payload: { logout_challenge: challenge } });
  t.equal(done.statusCode, 200);
  t.type(done.json().redirect_to, "string");
  await agent.location(done.json().redirect_to);
  t.equal((await call("GET", "/api/session", { as: browser })).statusCode, 401, "the Kratos session ended too");
});

t.test("logout: a signed-in caller ends only their own sessions; a stale cookie counts as none", async (t) => {
  const { browser, agent, challenge } = await logoutChallenge(t);
  const other = await createIdentity(hydra.kratosAdminUrl);
  const someoneElse = new Browser(app);
  await someoneElse.signIn(other.email, other.password);
  const refused = await call("POST", "/api/oauth2/logout/accept", { as: someoneElse, payload: { logout_challenge: challenge } });
  t.equal(refused.statusCode, 403);
  t.same(refused.json(), { code: "other_account" });
  t.equal((await call("GET", "/api/session", { as: browser })).statusCode, 200, "the user named by the challenge is still signed in");
  t.equal((await call("GET", "/api/session", { as: someoneElse })).statusCode, 200, "and so is the caller");

  const own = await call("POST", "/api/oauth2/logout/accept", { as: browser, payload: { logout_challenge: challenge } });
  t.equal(own.statusCode, 200, "the user ends their own");
  await agent.location(own.json().redirect_to);
  t.equal((await call("GET", "/api/session", { as: browser })).statusCode, 401);

  const later = await logoutChallenge(t);
  const stale = await call("POST", "/api/oauth2/logout/accept", {
    payload: { logout_challenge: later.challenge },
    headers: { cookie: "ory_kratos_session=expired-long-ago" },
  });
  t.equal(stale.statusCode, 200, "Hydra's session can end after Kratos' expired");
});

/** Signs the user in to a new application through Hydra, grants it everything it asks for, and returns its tokens. */
async function grantApplication(t: Test, options: { user?: TestIdentity; remember?: boolean } = {}) {
  const signedIn = await signInThroughHydra(t, { user: options.user });
  const accepted = await call("POST", "/api/oauth2/consent/accept", {
    as: signedIn.browser,
    payload: {
      consent_challenge: signedIn.consentUrl.searchParams.get("consent_challenge")!,
      grant_scope: ["openid", "email", "profile"],
      remember: options.remember ?? false,
    },
  });
  const callback = await signedIn.agent.location(accepted.json().redirect_to);
  const tokens = await exchange(signedIn, callback);
  return { ...signedIn, tokens };
}

async function isActive(accessToken: string): Promise<boolean> {
  const { data } = await admin.introspectOAuth2Token({ token: accessToken });
  return data.active;
}

t.test("connected apps: the user sees the applications they granted, and revoking one ends its tokens", async (t) => {
  const first = await grantApplication(t, { remember: true });
  const { user, browser } = first;
  const second = await grantApplication(t, { user });

  t.equal((await call("GET", "/api/oauth2/consents")).statusCode, 401, "not signed in");
  t.equal((await call("DELETE", "/api/oauth2/consents")).statusCode, 401, "not signed in");
  t.equal((await call("DELETE", `/api/oauth2/consents/${first.client.id}`)).statusCode, 401, "not signed in");

  const listed = await call("GET", "/api/oauth2/consents", { as: browser });
  t.equal(listed.statusCode, 200);
  t.equal(listed.headers["cache-control"], "no-store");
  const apps = listed.json().apps as {
    client_id: string;
    client_name: string;
    scopes: string[];
    granted_at: string;
    remembered: boolean;
  }[];
  t.same(apps.map((app) => app.client_id).sort(), [first.client.id, second.client.id].sort(), "both applications, once each");
  const firstApp = apps.find((app) => app.client_id === first.client.id)!;
  t.match(firstApp.client_name, /^Map viewer/);
  t.same([...firstApp.scopes].sort(), ["email", "openid", "profile"]);
  t.ok(Date.parse(firstApp.granted_at) > Date.now() - 5 * 60_000, "granted just now");
  t.equal(firstApp.remembered, true);
  t.equal(apps.find((app) => app.client_id === second.client.id)!.remembered, false);

  const stranger = new Browser(app);
  const other = await createIdentity(hydra.kratosAdminUrl);
  await stranger.signIn(other.email, other.password);
  t.same((await call("GET", "/api/oauth2/consents", { as: stranger })).json(), { apps: [] }, "another user sees none of them");
  t.equal((await call("DELETE", "/api/oauth2/consents", { as: stranger })).statusCode, 204, "and revoking theirs touches nobody else's");
  t.ok(await isActive(first.tokens.access_token), "the first application's token still works");

  const forged = await call("DELETE", `/api/oauth2/consents/${first.client.id}`, {
    as: browser,
    headers: { origin: "https://evil.example" },
  });
  t.equal(forged.statusCode, 403, "CSRF");
  t.ok(await isActive(first.tokens.access_token));

  const revoked = await call("DELETE", `/api/oauth2/consents/${first.client.id}`, { as: browser });
  t.equal(revoked.statusCode, 204);
  t.notOk(await isActive(first.tokens.access_token), "the revoked application's access token is inactive");
  t.ok(await isActive(second.tokens.access_token), "the other application keeps working");
  t.same(
    (await call("GET", "/api/oauth2/consents", { as: browser })).json().apps.map((app: { client_id: string }) => app.client_id),
    [second.client.id],
  );

  t.equal(
    (await call("DELETE", "/api/oauth2/consents", { as: browser, headers: { origin: "https://evil.example" } })).statusCode,
    403,
    "CSRF",
  );
  t.equal((await call("DELETE", "/api/oauth2/consents", { as: browser })).statusCode, 204);
  t.notOk(await isActive(second.tokens.access_token), "revoke all ends every application's tokens");
  t.same((await call("GET", "/api/oauth2/consents", { as: browser })).json(), { apps: [] });
});

t.test("connected apps: when Hydra cannot be reached, every route says so with 503", async (t) => {
  const closedPort = await freePort();
  const offline = await build(t, { ...hydra.env, HYDRA_ADMIN_URL: `http://127.0.0.1:${closedPort}` });
  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(app);
  await browser.signIn(user.email, user.password);
  for (const [method, url] of [
    ["GET", "/api/oauth2/consents"],
    ["DELETE", "/api/oauth2/consents"],
    ["DELETE", "/api/oauth2/consents/some-client"],
  ] as const) {
    const response = await call(method, url, { as: browser, on: offline });
    t.equal(response.statusCode, 503, `${method} ${url}`);
    t.same(response.json(), { code: "hydra_unavailable" });
  }
});
