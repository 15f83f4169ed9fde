// Issue 5: the portal as Hydra's login, consent and logout UI, in real
// Chromium. An application (a public client with PKCE) sends the user to
// Hydra; the portal signs them in and asks for consent; the application gets
// a code, exchanges it at Hydra and reads the user at /userinfo. The
// application's redirect URI is a tiny HTTP server of the test's own
// (page.route cannot answer it: Playwright only routes the first request of
// a redirect chain, and Hydra's answer is a redirect). Its home page can
// also open the sign-in in a popup, as single-page applications do, and its
// callback page, opened there, hands the answer to the window that opened it.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import * as oidc from "openid-client";
import { TOTP } from "otpauth";
import { expect, test } from "./support/test.js";
import { hydraApplication } from "../testing/oauth2-application.js";
import { expectAccessible } from "./support/a11y.js";
import { recordCspViolations } from "./support/csp.js";
import { apiSession, signOut, submitPassword, totpSecretOn, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi, type TestIdentity } from "./support/identities.js";
import { recordPageErrors } from "./support/page-errors.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";
import { expectToast } from "./support/toasts.js";
import { addVirtualAuthenticator } from "./support/webauthn.js";

let application: Server;
let appOrigin: string;
let redirectUri: string;
let signedOutUri: string;

const applicationPage = "<!doctype html><title>Map viewer</title><h1>Map viewer</h1>";
/** The application's home page: Sign in opens the authorization URL (?authorize=) in a popup, and the answer shows in the output. */
const homePage = `${applicationPage}<button>Sign in</button><output></output><script>
  document.querySelector("button").addEventListener("click", () => {
    const popup = window.open(new URLSearchParams(location.search).get("authorize"), "sign-in", "popup,width=480,height=720");
    addEventListener("message", (event) => {
      if (event.origin === location.origin && event.source === popup) document.querySelector("output").textContent = event.data;
    });
  });
</script>`;
/** The redirect URI's page: in a popup, it hands Hydra's answer to the application's window and closes. */
const callbackPage = `${applicationPage}<script>
  if (window.opener) {
    window.opener.postMessage(location.href, location.origin);
    window.close();
  }
</script>`;

test.beforeAll(async () => {
  application = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://application");
    const page = pathname === "/" ? homePage : pathname === "/callback" ? callbackPage : applicationPage;
    response.writeHead(200, { "content-type": "text/html" }).end(page);
  });
  await new Promise<void>((resolve) => application.listen(0, "127.0.0.1", resolve));
  appOrigin = `http://127.0.0.1:${(application.address() as AddressInfo).port}`;
  redirectUri = `${appOrigin}/callback`;
  signedOutUri = `${appOrigin}/signed-out`;
});

test.afterAll(
  () =>
    new Promise<void>((resolve) =>
      application.close(() => {
        resolve();
      }),
    ),
);

const scope = "openid offline_access email profile";

interface TestClient {
  id: string;
  name: string;
  /** The application's side of OAuth2 (openid-client). */
  oidc: oidc.Configuration;
}

type Tokens = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

async function newClient(): Promise<TestClient> {
  const name = `Map viewer ${randomUUID().slice(0, 6)}`;
  const response = await fetch(`${stack.hydraAdminUrl}/admin/clients`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: name,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope,
      redirect_uris: [redirectUri],
      post_logout_redirect_uris: [signedOutUri],
      // A public client: no secret, so Hydra insists on PKCE.
      token_endpoint_auth_method: "none",
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { client_id: id } = (await response.json()) as { client_id: string };
  return { id, name, oidc: await hydraApplication(stack.hydra, id) };
}

interface Authorization {
  state: string;
  verifier: string;
}

/** Hydra's authorization URL as the application builds it, with PKCE (S256): at the issuer's host, where Hydra's cookies live. */
async function authorizationUrl(client: TestClient): Promise<Authorization & { url: URL }> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(client.oidc, {
    scope,
    redirect_uri: redirectUri,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  return { url, state, verifier };
}

/** Sends the browser to Hydra's authorization endpoint as the application would. */
async function startAuthorization(page: Page, client: TestClient): Promise<Authorization> {
  const { url, state, verifier } = await authorizationUrl(client);
  // Until the sign-in page is there: its script may post a form at once (a passkey from autofill), before the page's load.
  await page.goto(url.href, { waitUntil: "commit" });
  return { state, verifier };
}

/** Waits for Hydra to send the browser back to the application, which checks the answer and exchanges the code (with the PKCE verifier) for tokens. */
async function tokensAtCallback(page: Page, client: TestClient, { state, verifier }: Authorization): Promise<Tokens> {
  await page.waitForURL((url) => url.href.startsWith(redirectUri));
  const callback = new URL(page.url());
  expect(callback.searchParams.get("error"), callback.searchParams.get("error_description") ?? "").toBeNull();
  expect(callback.searchParams.get("state")).toBe(state);
  expect(callback.searchParams.get("code")).toBeTruthy();
  return oidc.authorizationCodeGrant(client.oidc, callback, { pkceCodeVerifier: verifier, expectedState: state });
}

async function expectUserinfo(client: TestClient, tokens: Tokens, user: TestIdentity): Promise<void> {
  const userinfo = await oidc.fetchUserInfo(client.oidc, tokens.access_token, tokens.claims()!.sub);
  expect(userinfo).toMatchObject({ sub: user.id, email: user.email });
}

async function isActive(accessToken: string): Promise<boolean> {
  const response = await fetch(`${stack.hydraAdminUrl}/admin/oauth2/introspect`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: accessToken }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { active: boolean }).active;
}

const consentHeading = (page: Page, client: TestClient) => page.getByRole("heading", { name: `${client.name} wants to use your account` });

test(
  "OAuth2: sign in through the portal, consent, and the application reads the user; remembered consent is not asked again; logout",
  { tag: "@postgres" },
  async ({ page }) => {
    const user = await newIdentity({ verified: true });
    const client = await newClient();

    const first = await startAuthorization(page, client);
    await expect(page).toHaveURL(/\/login\?.*login_challenge=/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await submitPassword(page, user.email, user.password);

    await expect(consentHeading(page, client)).toBeVisible();
    await expect(page).toHaveURL(/\/consent\?consent_challenge=/);
    const access = page.getByRole("list", { name: `If you allow it, ${client.name} can:` });
    await expect(access.getByRole("listitem")).toHaveText([
      "Know who you are (your account ID)",
      "Stay connected while you are away, without asking you to sign in again",
      "See your email address",
      "See your name",
    ]);
    await expect(page.getByText(`Signed in as Test User (${user.email}).`)).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "oauth2-consent");
    await page.getByLabel("Remember my decision").check();
    await page.getByRole("button", { name: "Allow" }).click();

    const tokens = await tokensAtCallback(page, client, first);
    expect(tokens.refresh_token, "offline_access was granted").toBeTruthy();
    await expectUserinfo(client, tokens, user);

    // The decision was remembered: nobody clicks anything, yet the application gets its code.
    const second = await startAuthorization(page, client);
    const secondTokens = await tokensAtCallback(page, client, second);
    await expectUserinfo(client, secondTokens, user);

    // RP-initiated logout: the application names itself with the ID token.
    await page.goto(
      oidc.buildEndSessionUrl(client.oidc, { id_token_hint: secondTokens.id_token!, post_logout_redirect_uri: signedOutUri, state: "bye" })
        .href,
    );
    await expect(page).toHaveURL(/\/logout\?logout_challenge=/);
    await expect(page.getByRole("heading", { name: `Sign out of ${client.name}?` })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "oauth2-logout");
    expect(await apiSession(page)).toMatchObject({ status: 200 });
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.href.startsWith(signedOutUri));
    expect(new URL(page.url()).searchParams.get("state")).toBe("bye");
    expect(await apiSession(page), "the portal session ended too").toMatchObject({ status: 401 });
  },
);

test("OAuth2 in a popup: the application opens the sign-in in a window of its own and hears back from it", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  const client = await newClient();
  const { url, state, verifier } = await authorizationUrl(client);
  await page.goto(`${appOrigin}/?${new URLSearchParams({ authorize: url.href }).toString()}`);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Sign in" }).click()]);
  await expect(popup).toHaveURL(/\/login\?.*login_challenge=/);
  await submitPassword(popup, user.email, user.password);
  await popup.getByRole("button", { name: "Allow" }).click();

  // The popup's callback page handed Hydra's answer to the application's window, which exchanges the code.
  const answer = page.locator("output");
  await expect(answer).toHaveText(/\?code=/);
  await expect.poll(() => popup.isClosed(), { message: "the callback page closed its popup" }).toBe(true);
  const tokens = await oidc.authorizationCodeGrant(client.oidc, new URL((await answer.textContent()) ?? ""), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  await expectUserinfo(client, tokens, user);
});

/** The page at the same address in a browser without scripts, with the same cookies: what a slow link shows first. */
async function withoutScript(page: Page, check: (scriptless: Page) => Promise<void>): Promise<void> {
  const browser = page.context().browser()!;
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const csp = await recordCspViolations(context, { javaScriptEnabled: false });
  try {
    const scriptless = await context.newPage();
    await scriptless.goto(page.url());
    await check(scriptless);
    await csp.settle();
    expect(csp.violations, "Content-Security-Policy violations").toEqual([]);
  } finally {
    await context.close();
  }
}

test("OAuth2: the consent and logout pages come rendered by the server; their buttons wait for the script, which takes them over", async ({
  page,
}) => {
  const user = await newIdentity({ verified: true });
  const client = await newClient();
  const errors = recordPageErrors(page);

  const authorization = await startAuthorization(page, client);
  await submitPassword(page, user.email, user.password);
  await expect(consentHeading(page, client)).toBeVisible();
  const consentHtml = await (await page.request.get(page.url())).text();
  expect(consentHtml).toContain(`>${client.name} wants to use your account</h1>`);
  // Only the portal's /api can answer Hydra: without the script the buttons say that they wait for it.
  await withoutScript(page, async (scriptless) => {
    await expect(consentHeading(scriptless, client)).toBeVisible();
    await expect(scriptless.getByRole("button", { name: "Allow (loading…)" })).toBeDisabled();
    await expect(scriptless.getByRole("button", { name: "Deny (loading…)" })).toBeDisabled();
  });
  await page.getByRole("button", { name: "Allow" }).click();
  const tokens = await tokensAtCallback(page, client, authorization);

  await page.goto(oidc.buildEndSessionUrl(client.oidc, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: signedOutUri }).href);
  const logoutHeading = page.getByRole("heading", { name: `Sign out of ${client.name}?` });
  await expect(logoutHeading).toBeVisible();
  expect(await (await page.request.get(page.url())).text()).toContain(`>Sign out of ${client.name}?</h1>`);
  await withoutScript(page, async (scriptless) => {
    await expect(scriptless.getByRole("heading", { name: `Sign out of ${client.name}?` })).toBeVisible();
    await expect(scriptless.getByRole("button", { name: "Sign out (loading…)" })).toBeDisabled();
  });
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL((url) => url.href.startsWith(signedOutUri));
  expect(errors).toEqual([]);
});

test("OAuth2: Deny sends the application access_denied", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  const client = await newClient();
  const { state } = await startAuthorization(page, client);
  await submitPassword(page, user.email, user.password);
  await expect(consentHeading(page, client)).toBeVisible();
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL((url) => url.href.startsWith(redirectUri));
  const callback = new URL(page.url());
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("state")).toBe(state);
});

test("OAuth2: a user with an authenticator app passes the second factor on the way to the application", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/settings/security");
  // The card's answer below is the app's: before it takes the page over, Save posts the form to Kratos.
  await waitForApp(page);
  const card = page.getByRole("region", { name: "Authenticator app" });
  const secret = await totpSecretOn(page);
  await card.getByLabel("Verify code").fill(new TOTP({ secret }).generate());
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "The authenticator app is set up." })).toBeFocused();
  await signOut(page);

  const client = await newClient();
  const authorization = await startAuthorization(page, client);
  await submitPassword(page, user.email, user.password);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(new TOTP({ secret }).generate());
  await page.getByRole("button", { name: "Sign in with authenticator app" }).click();

  await expect(consentHeading(page, client)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  const tokens = await tokensAtCallback(page, client, authorization);
  await expectUserinfo(client, tokens, user);
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2" });
});

test(
  "Connected apps: the user sees the application they allowed, and revoking it ends its tokens",
  { tag: "@postgres" },
  async ({ page }) => {
    const user = await newIdentity({ verified: true });
    const client = await newClient();
    const other = await newClient();
    const granted: Tokens[] = [];
    for (const [index, application] of [client, other].entries()) {
      const authorization = await startAuthorization(page, application);
      if (index === 0) await submitPassword(page, user.email, user.password);
      await expect(consentHeading(page, application)).toBeVisible();
      await page.getByRole("button", { name: "Allow" }).click();
      granted.push(await tokensAtCallback(page, application, authorization));
    }
    const [tokens, otherTokens] = granted as [Tokens, Tokens];

    await page.goto("/settings/applications");
    const card = page.getByRole("region", { name: "Connected apps" });
    const row = card.getByRole("row").filter({ hasText: client.name });
    await expect(row).toContainText("See your email address");
    await expect(card.getByRole("row").filter({ hasText: other.name })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "settings-connected-apps");

    await row.getByRole("button", { name: `Revoke access of ${client.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke access of ${client.name}?` });
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expectToast(page, `Revoked the access of ${client.name}.`);
    await expect(row).toHaveCount(0);
    expect(await isActive(tokens.access_token), "the revoked application's access token").toBe(false);
    expect(await isActive(otherTokens.access_token), "the other application's access token").toBe(true);

    await card.getByRole("button", { name: "Revoke all" }).click();
    await page.getByRole("dialog", { name: "Revoke access of all applications?" }).getByRole("button", { name: "Revoke all" }).click();
    await expectToast(page, "Revoked the access of all applications.");
    await expect(card.getByText("You have not allowed any application to use your account.")).toBeVisible();
    expect(await isActive(otherTokens.access_token)).toBe(false);
  },
);

test("OAuth2 with a passkey: Kratos redirects webauthn.js' native form post to Hydra, which the CSP's form-action allows", async ({
  page,
}) => {
  const user = await newIdentity({ verified: true });
  await addVirtualAuthenticator(page);
  await signInByApi(page, user);
  await page.goto("/settings/security");
  await page.getByRole("region", { name: "Passkeys" }).getByRole("button", { name: "Add passkey" }).click();
  await expectToast(page, "The passkey was added.");
  await page.context().clearCookies();

  const client = await newClient();
  const authorization = await startAuthorization(page, client);
  // The sign-in page offers the passkey as autofill and the virtual authenticator
  // picks it at once; webauthn.js posts its form, Kratos accepts the login at
  // Hydra and redirects that post there (CSP_FORM_ACTION_ORIGINS names Hydra).
  await expect(consentHeading(page, client)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expectUserinfo(client, await tokensAtCallback(page, client, authorization), user);
});
