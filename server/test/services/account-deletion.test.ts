// DELETE /api/account against the real Kratos, Hydra and mail catcher: the
// account, its sessions, its consents and its tokens are all gone afterwards,
// a failure half-way is finished by trying again, and the refusals.
import { randomUUID } from "node:crypto";
import { Configuration, IdentityApi, OAuth2Api } from "@ory/client";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import * as oidc from "openid-client";
import t from "tap";
import { HttpBrowser } from "../../../testing/http-browser.js";
import { createIdentity, type TestIdentity } from "../../../testing/identities.js";
import { hydraApplication } from "../../../testing/oauth2-application.js";
import { apiCaller } from "../helpers/api.js";
import { build } from "../helpers/build.js";
import { Browser } from "../helpers/browser.js";
import { useHydra } from "../helpers/hydra.js";
import { waitForMail } from "../helpers/mail.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const app = await build(t, hydra.env);
const hydraAdmin = new OAuth2Api(new Configuration({ basePath: hydra.adminUrl }));
const kratosAdmin = new IdentityApi(new Configuration({ basePath: hydra.kratosAdminUrl }));
const redirectUri = "https://maps.example.org/callback";

const call = apiCaller(origin, app);

const deleteAccount = (portal: FastifyInstance, browser: Browser, email: string): Promise<LightMyRequestResponse> =>
  call("DELETE", "/api/account", { on: portal, as: browser, payload: { email } });

/** Signs the user in to an application through Hydra and the portal, with a remembered consent; returns the tokens. */
async function connectApplication(user: TestIdentity) {
  const { data } = await hydraAdmin.createOAuth2Client({
    oAuth2Client: {
      client_name: `Map viewer ${randomUUID().slice(0, 6)}`,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "openid offline_access email",
      redirect_uris: [redirectUri],
    },
  });
  const client = await hydraApplication(hydra, data.client_id!, data.client_secret);
  const agent = new HttpBrowser(origin);
  const state = oidc.randomState();
  const login = await agent.location(
    oidc.buildAuthorizationUrl(client, { redirect_uri: redirectUri, scope: "openid offline_access email", state }).href,
  );
  const browser = new Browser(app);
  const submitted = await browser.signIn(
    user.email,
    user.password,
    `?login_challenge=${encodeURIComponent(login.searchParams.get("login_challenge")!)}`,
  );
  const consentUrl = await agent.location(submitted.json().redirect_browser_to as string);
  const accepted = await call("POST", "/api/oauth2/consent/accept", {
    as: browser,
    payload: {
      consent_challenge: consentUrl.searchParams.get("consent_challenge")!,
      grant_scope: ["openid", "offline_access", "email"],
      remember: true,
    },
  });
  const tokens = await oidc.authorizationCodeGrant(client, await agent.location(accepted.json().redirect_to), { expectedState: state });
  return { browser, tokens };
}

const isActive = async (token: string) => (await hydraAdmin.introspectOAuth2Token({ token })).data.active;
const identityExists = async (id: string) =>
  kratosAdmin.getIdentity({ id }).then(
    () => true,
    (error: unknown) => {
      if ((error as { response?: { status?: number } }).response?.status === 404) return false;
      throw error;
    },
  );

t.test("deleting the account ends its sessions, consents and tokens, deletes it and mails a confirmation", async (t) => {
  const user = await createIdentity(hydra.kratosAdminUrl, { verified: true });
  const { browser, tokens } = await connectApplication(user);
  const other = new Browser(app);
  await other.signIn(user.email, user.password);
  t.ok(await isActive(tokens.access_token), "the application's token works before");

  t.equal((await call("DELETE", "/api/account", { payload: { email: user.email } })).statusCode, 401, "not signed in");
  const crossSite = await call("DELETE", "/api/account", {
    as: browser,
    payload: { email: user.email },
    headers: { origin: "https://evil.example" },
  });
  t.equal(crossSite.statusCode, 403, "from another site");
  const wrong = await deleteAccount(app, browser, "someone-else@example.org");
  t.equal(wrong.statusCode, 400, "the typed address must be the account's");
  t.same(wrong.json(), { code: "invalid_fields", errors: [{ field: "email", code: "not_account_email" }] });
  t.ok(await identityExists(user.id), "and nothing was deleted");

  const deleted = await deleteAccount(app, browser, ` ${user.email.toUpperCase()} `);
  t.equal(deleted.statusCode, 204, "the address in any case and spacing");
  t.notOk(await identityExists(user.id), "the identity is gone");
  t.equal((await call("GET", "/api/session", { as: other })).statusCode, 401, "the other browser's session ended");
  t.notOk(await isActive(tokens.access_token), "the application's token stopped working");
  const consents = await hydraAdmin.listOAuth2ConsentSessions({ subject: user.id });
  t.same(consents.data, [], "no consent is left at Hydra");
  const mail = await waitForMail(hydra.mailUrl, user.email, /Your account was deleted/);
  t.match(mail.text, /Nothing of it can be restored/);
});

t.test("a deletion that fails half-way is finished by trying again", async (t) => {
  const user = await createIdentity(hydra.kratosAdminUrl, { verified: true });
  const { tokens } = await connectApplication(user);
  // The identity's deletion fails once, after Hydra's and Kratos' sessions were revoked (Kratos itself stays real).
  let failures = 1;
  const flaky = await build(t, hydra.env, (instance) => {
    const { identities } = instance.kratos;
    const real = identities.delete.bind(identities);
    identities.delete = async (id) => {
      if (failures-- > 0) throw new Error("the process died here");
      await real(id);
    };
  });
  const browser = new Browser(flaky);
  await browser.signIn(user.email, user.password);
  t.equal((await deleteAccount(flaky, browser, user.email)).statusCode, 500, "the first attempt fails");
  t.notOk(await isActive(tokens.access_token), "the steps before the failure are done: tokens revoked");
  t.equal((await call("GET", "/api/session", { on: flaky, as: browser })).statusCode, 401, "and sessions ended");
  t.ok(await identityExists(user.id), "but the identity is still there");

  await browser.signIn(user.email, user.password);
  t.equal((await deleteAccount(flaky, browser, user.email)).statusCode, 204, "signed in again, the second attempt finishes");
  t.notOk(await identityExists(user.id));
  await waitForMail(hydra.mailUrl, user.email, /Your account was deleted/);
});

t.test("deleting needs a recent sign-in", async (t) => {
  const strict = await build(t, { ...hydra.env, PRIVILEGED_SESSION_MAX_AGE: "1s" });
  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(strict);
  await browser.signIn(user.email, user.password);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const refused = await deleteAccount(strict, browser, user.email);
  t.equal(refused.statusCode, 403);
  t.equal(refused.json().code, "reauthentication_required", "the app sends the user through /login?refresh=true");
  t.ok(await identityExists(user.id));
});

t.test("the last admin cannot delete themselves; an admin with another admin can", async (t) => {
  const admin = await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] });
  await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] });
  // Other test files make admins in the same Kratos, so "no other admin" is answered here rather than by Kratos.
  const alone = await build(t, hydra.env, (instance) => {
    instance.kratos.identities.anotherHasRole = async () => false;
  });
  const browser = new Browser(alone);
  await browser.signIn(admin.email, admin.password);
  const refused = await deleteAccount(alone, browser, admin.email);
  t.equal(refused.statusCode, 409);
  t.equal(refused.json().code, "last_admin");
  t.ok(await identityExists(admin.id));

  const withAnother = new Browser(app);
  await withAnother.signIn(admin.email, admin.password);
  t.equal((await deleteAccount(app, withAnother, admin.email)).statusCode, 204, "Kratos holds another admin: allowed");
  t.notOk(await identityExists(admin.id));
});

t.test("deletions are limited per account", async (t) => {
  const limited = await build(t, { ...hydra.env, LIMIT_ACCOUNT_DELETION: "2/15m" });
  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(limited);
  await browser.signIn(user.email, user.password);
  for (let i = 0; i < 2; i++) t.equal((await deleteAccount(limited, browser, "wrong@example.org")).statusCode, 400);
  const refused = await deleteAccount(limited, browser, user.email);
  t.equal(refused.statusCode, 429);
  t.equal(refused.json().code, "rate_limited");
});
