// The operator's path (docs/production.md), in Chromium through Caddy's HTTPS:
// the first person signs up, verifies the mailed code, signs in and sets up an
// authenticator app; the operator makes them admin with the docs' command; the
// admin invites someone and creates an OAuth2 client, and a code flow with
// PKCE through the portal's sign-in and consent ends with tokens. Then the
// stack is restarted, taken down and up again (the docs' own `up`), and a
// portal is killed under traffic: nothing written is lost.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { TOTP } from "otpauth";
import * as oidc from "openid-client";
import { expect, test } from "../support/test.js";
import type { APIRequestContext, Page } from "@playwright/test";
import { docsAdminAddress, laptopCompose, operatorCommands, runInShell } from "../../stack/compose/compose-stack.js";
import { uniqueEmail } from "../../testing/identities.js";
import { RequestContextBrowser } from "../../testing/request-context-browser.js";
import { apiSession, menu, signInWithPassword, signOut, totpSecretOn, waitForApp } from "../support/flows.js";
import { codeIn, waitForMail } from "../support/mail.js";
import { stack } from "../support/stack.js";
import { expectToast } from "../support/toasts.js";

const commands = operatorCommands();
const compose = (args: string) => runInShell(`${laptopCompose(commands)} ${args}`);

let application: Server;
let redirectUri: string;

test.beforeAll(async () => {
  application = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Map viewer</title><h1>Map viewer</h1>");
  });
  await new Promise<void>((resolve) => application.listen(0, "127.0.0.1", resolve));
  redirectUri = `http://127.0.0.1:${(application.address() as AddressInfo).port}/callback`;
  await hostNetworkSettled();
});

test.afterAll(
  () =>
    new Promise<void>((resolve) => {
      application.close(() => {
        resolve();
      });
    }),
);

/**
 * Waits until this machine's network interfaces have stayed the same for 3 s. Compose's containers and networks
 * come and go as host interfaces (a bridge, a veth each, their IPv6 addresses a moment later), and Chromium aborts
 * a navigation in flight when the host's addresses change (ERR_NETWORK_CHANGED).
 */
async function hostNetworkSettled(): Promise<void> {
  const snapshot = () => JSON.stringify(networkInterfaces());
  let last = snapshot();
  let stableSince = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() - stableSince < 3000) {
    if (Date.now() > deadline) throw new Error("the host's network interfaces kept changing for a minute");
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = snapshot();
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    }
  }
}

/** Waits until the portal behind the proxy can serve people again (its /readyz: Kratos answers). */
async function portalReady(request: APIRequestContext): Promise<void> {
  await expect
    .poll(async () => (await request.get("/readyz").catch(() => undefined))?.status(), { timeout: 120_000, intervals: [1000] })
    .toBe(200);
}

interface Person {
  email: string;
  password: string;
  totpSecret: string;
}

async function signUpAndVerify(page: Page): Promise<Pick<Person, "email" | "password">> {
  const email = uniqueEmail("operator");
  const password = `Pw-${randomUUID()}`;
  await page.goto("/registration");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByRole("button", { name: "Continue" }).click();
  const since = Date.now();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign up with password" }).click();
  await expect(page).toHaveURL(/\/verification\?/);

  const verify = page.getByRole("region", { name: "Verify an address" });
  await verify.getByLabel("Verification code").fill(codeIn(await waitForMail(email, /verify your email/i, since)));
  await verify.getByRole("button", { name: "Continue" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(verify.getByRole("status").filter({ hasText: "Your email address is verified." })).toBeVisible();
  return { email, password };
}

async function setUpAuthenticatorApp(page: Page): Promise<string> {
  await page.goto("/settings/security");
  await waitForApp(page);
  const card = page.getByRole("region", { name: "Authenticator app" });
  const secret = await totpSecretOn(page);
  await card.getByLabel("Verify code").fill(new TOTP({ secret }).generate());
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "The authenticator app is set up." })).toBeFocused();
  return secret;
}

async function signInWithSecondFactor(page: Page, person: Person): Promise<void> {
  await signInWithPassword(page, person.email, person.password);
  await page.getByLabel("Code from your authenticator app").fill(new TOTP({ secret: person.totpSecret }).generate());
  await page.getByRole("button", { name: "Sign in with authenticator app" }).click();
  await expect(menu(page)).toBeVisible();
}

async function createClient(page: Page, name: string): Promise<{ id: string; secret: string }> {
  await menu(page).getByRole("link", { name: "Manage Clients" }).click();
  await expect(page.getByRole("heading", { name: "Manage Clients" })).toBeVisible();
  await waitForApp(page);
  await page.getByRole("button", { name: "New client" }).click();
  const form = page.getByRole("dialog", { name: "New client" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Redirect URIs", { exact: true }).fill(redirectUri);
  await form.getByLabel("Scope", { exact: true }).fill("openid offline_access email");
  await form.getByRole("button", { name: "Create client" }).click();
  const created = page.getByRole("dialog", { name: "Client created" });
  await expect(created).toContainText("it will not be shown again");
  const secret = await created.getByLabel("Client secret").inputValue();
  const id = /\(([^)]+)\) authenticates with this secret/.exec((await created.textContent()) ?? "")?.[1];
  if (!id) throw new Error("the Client created dialog names no client id");
  await created.getByRole("button", { name: "Close" }).click();
  return { id, secret };
}

/** A code flow with PKCE, as the client's application runs it (openid-client), through the portal's consent. */
async function codeFlow(page: Page, client: { id: string; secret: string; name: string }, person: Person): Promise<void> {
  const application = await oidc.discovery(new URL(stack.hydra.issuer), client.id, undefined, oidc.ClientSecretBasic(client.secret));
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(application, {
    scope: "openid offline_access email",
    redirect_uri: redirectUri,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  await page.goto(url.href, { waitUntil: "commit" });
  // Signed in already: the app, once it has taken the page over, asks to confirm it is them, or goes on to consent.
  const consent = page.getByRole("heading", { name: `${client.name} wants to use your account` });
  await expect(consent.or(page.getByRole("heading", { name: "Confirm it's you" }))).toBeVisible();
  await page.waitForLoadState("networkidle");
  if (!(await consent.isVisible())) {
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const code = page.getByLabel("Code from your authenticator app");
    await expect(consent.or(code)).toBeVisible();
    if (await code.isVisible()) {
      await code.fill(new TOTP({ secret: person.totpSecret }).generate());
      await page.getByRole("button", { name: "Sign in with authenticator app" }).click();
    }
  }
  await expect(consent).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL((at) => at.href.startsWith(redirectUri));
  const tokens = await oidc.authorizationCodeGrant(application, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state });
  expect(tokens.refresh_token, "offline_access was granted").toBeTruthy();
  const userinfo = await oidc.fetchUserInfo(application, tokens.access_token, tokens.claims()!.sub);
  expect(userinfo.email).toBe(person.email);
}

test("the operator's path: sign-up, the first admin by the docs' command, an invitation, a client, a code flow; restart, down and up keep it all", async ({
  page,
  browser,
}) => {
  const { email, password } = await test.step("the first person signs up and verifies the mailed code", () => signUpAndVerify(page));
  await test.step("signs out and in again", async () => {
    await signOut(page);
    await signInWithPassword(page, email, password);
    await expect(menu(page)).toBeVisible();
  });
  const totpSecret = await test.step("sets up an authenticator app", () => setUpAuthenticatorApp(page));
  const person: Person = { email, password, totpSecret };
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2", email });

  await test.step("the operator makes them admin with the docs' command", async () => {
    expect(commands.laptopFirstAdmin).toContain(docsAdminAddress);
    const said = await runInShell(commands.laptopFirstAdmin.replaceAll(docsAdminAddress, email));
    expect(said).toContain(`${email} now has the roles: admin`);
    await page.reload();
    await expect(menu(page).getByRole("link", { name: "Manage Users" })).toBeVisible();
  });

  const invitee = uniqueEmail("invitee");
  await test.step("the admin invites someone on Manage Users", async () => {
    await menu(page).getByRole("link", { name: "Manage Users" }).click();
    await expect(page.getByRole("heading", { name: "Manage Users", level: 1 })).toBeVisible();
    const since = Date.now();
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a person" });
    await dialog.getByLabel("Email address").fill(invitee);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(page, `An invitation is on its way to ${invitee}.`);
    expect((await waitForMail(invitee, /invited/i, since)).text).toMatch(/https:\/\/localhost\/invitation\?token=/);
  });

  const client = { name: `Map viewer ${randomUUID().slice(0, 6)}`, id: "", secret: "" };
  await test.step("the admin creates an OAuth2 client on Manage Clients", async () => {
    Object.assign(client, await createClient(page, client.name));
  });
  await test.step("a code flow with PKCE through the portal's consent ends with tokens", () => codeFlow(page, client, person));

  await test.step("docker compose restart keeps the session, the account and the client", async () => {
    await compose("restart");
    // The docs' up, which changes nothing here, waits until every service is healthy again.
    await runInShell(commands.laptop);
    await portalReady(page.request);
    await hostNetworkSettled();
    expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2", email });
    await page.goto("/manage-clients");
    await expect(page.getByRole("row").filter({ hasText: client.name })).toHaveCount(1);
  });

  await test.step("docker compose down, then the docs' up, keep them too", async () => {
    await compose("down");
    await runInShell(commands.laptop);
    await portalReady(page.request);
    await hostNetworkSettled();
    expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2", email });
    const fresh = await browser.newContext();
    try {
      await signInWithSecondFactor(await fresh.newPage(), person);
    } finally {
      await fresh.close();
    }
    await codeFlow(page, client, person);
  });
});

test("a portal killed under traffic loses nothing written: every sign-in it acknowledged is a session afterwards", async ({
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: stack.portalOrigin, ignoreHTTPSErrors: true });
  // Six people: a sign-in in flight holds a point of its account's limit (LIMIT_SIGN_IN_ACCOUNT) until Kratos answers.
  const people = Array.from({ length: 6 }, () => ({ email: uniqueEmail("traffic"), password: `Pw-${randomUUID()}` }));
  try {
    await test.step("they sign up", async () => {
      for (const { email, password } of people) {
        const context = await playwright.request.newContext({ baseURL: stack.portalOrigin, ignoreHTTPSErrors: true });
        const browser = new RequestContextBrowser(context, stack.portalOrigin);
        const flow = await browser.startFlow("registration");
        const answer = await browser.submit("registration", flow, {
          method: "password",
          password,
          traits: { email, name: { first: "Load", last: "Test" } },
        });
        expect(answer.status(), await answer.text()).toBe(200);
        await context.dispose();
      }
    });

    const containers = (await compose("ps --quiet portal")).trim().split("\n");
    expect(containers.length, "two portals behind the proxy").toBe(2);

    // Sign-ins in a steady stream, each in a browser of its own; one portal is killed in the middle.
    const signIns: Promise<{ ok: boolean; status: string; context: APIRequestContext }>[] = [];
    const signIn = async ({ email, password }: (typeof people)[number]) => {
      const context = await playwright.request.newContext({ baseURL: stack.portalOrigin, ignoreHTTPSErrors: true });
      try {
        const answer = await new RequestContextBrowser(context, stack.portalOrigin).signIn(email, password);
        return { ok: answer.status() === 200, status: `${answer.status()} ${answer.status() === 200 ? "" : await answer.text()}`, context };
      } catch (error) {
        return { ok: false, status: (error as Error).message.split("\n")[0], context };
      }
    };
    for (let i = 0; i < 24; i += 1) {
      signIns.push(signIn(people[i % people.length]));
      if (i === 8) await runInShell(`docker kill ${containers[1]}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const results = await Promise.all(signIns);
    const acknowledged = results.filter(({ ok }) => ok);
    console.log(`# ${acknowledged.length} of ${results.length} sign-ins acknowledged while a portal was killed`);
    for (const { status } of results.filter(({ ok }) => !ok)) console.log(`#   refused: ${status.slice(0, 300)}`);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { context } of acknowledged) {
      const session = await context.get("/api/session");
      expect(session.status(), "an acknowledged sign-in is a session").toBe(200);
    }
    await Promise.all(results.map(({ context }) => context.dispose()));
    // The survivor serves everyone meanwhile; the killed one is started again by its restart policy or compose.
    await compose("up -d --wait --scale portal=2 portal");
    await portalReady(request);
  } finally {
    await request.dispose();
  }
});
