// Issue 30: what a person typed into the server's form before the app's script
// ran is what the form sends after the app took the page over, on a slow link
// where the form shows long before the script: React takes the server's fields
// over as they are (no mismatch that would draw them anew), and the app reads
// them when the form is sent.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import * as oidc from "openid-client";
import { TOTP } from "otpauth";
import { hydraApplication } from "../testing/oauth2-application.js";
import { expect, test } from "./support/test.js";
import { apiSession, menu, totpSecretOn, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi, type TestIdentity } from "./support/identities.js";
import { onSlowLinkWithScriptsHeld, type HeldScripts } from "./support/slow-link.js";
import { stack } from "./support/stack.js";

test("sign-in on a slow link: the address and password typed before the script sign in after it", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  const scripts = await onSlowLinkWithScriptsHeld(page);
  await page.goto("/login", { waitUntil: "commit" });
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);

  scripts.release();
  // The app took the page over: the passkey button waits for it and for Kratos' script.
  await expect(page.getByRole("button", { name: "Sign in with passkey", exact: true })).toBeEnabled();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await page.getByRole("button", { name: "Sign in with password" }).click();

  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email: user.email });
});

test("Account Settings on a slow link: the authenticator app's code typed before the script sets it up after it", async ({ page }) => {
  await signInByApi(page, await newIdentity({ verified: true }));
  const scripts = await onSlowLinkWithScriptsHeld(page);
  await page.goto("/settings/security", { waitUntil: "commit" });
  const card = page.getByRole("region", { name: "Authenticator app" });
  const code = new TOTP({ secret: await totpSecretOn(page) }).generate();
  await card.getByLabel("Verify code").fill(code);

  scripts.release();
  await waitForApp(page);
  await expect(card.getByLabel("Verify code")).toHaveValue(code);
  await card.getByRole("button", { name: "Save" }).click();

  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "The authenticator app is set up." })).toBeFocused();
  await expect(card.getByRole("button", { name: "Remove authenticator app" })).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2" });
});

/**
 * Types the password into the server's "Confirm it's you" form while the scripts are held, lets them go and
 * waits until the app has taken the page over and asked all it asks, then signs in with what was typed. The app
 * adopts the server's flow and the session that came with the page: it asks Kratos nothing on its way in.
 */
async function confirmWithPasswordTypedBeforeScript(page: Page, user: TestIdentity, scripts: HeldScripts): Promise<void> {
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  // Signing out instead calls Kratos from the app: the server's page offers it once the app can.
  const signOut = page.getByRole("navigation", { name: "More options" }).getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeDisabled();
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  const askedKratos: string[] = [];
  page.on("request", (request) => {
    if (["fetch", "xhr"].includes(request.resourceType()) && new URL(request.url()).pathname.startsWith("/kratos/")) {
      askedKratos.push(request.url());
    }
  });

  scripts.release();
  await expect(page.getByLabel("Language")).toBeEnabled();
  await expect(signOut).toBeEnabled();
  await expect(page).toHaveURL(/[?&]flow=/);
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(user.password);
  expect(askedKratos, "the app's calls to Kratos before the form was sent").toEqual([]);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("signing in again on a slow link: the password typed before the script confirms it after it", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  const scripts = await onSlowLinkWithScriptsHeld(page);
  await page.goto("/login?refresh=true", { waitUntil: "commit" });

  await confirmWithPasswordTypedBeforeScript(page, user, scripts);

  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email: user.email });
});

test("an OAuth2 sign-in while signed in, on a slow link: the password typed before the script confirms it after it", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  const name = `Map viewer ${randomUUID().slice(0, 6)}`;
  const redirectUri = "http://127.0.0.1:9/callback";
  const created = await fetch(`${stack.hydraAdminUrl}/admin/clients`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: name,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      scope: "openid email",
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: "none",
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { client_id: clientId } = (await created.json()) as { client_id: string };
  const application = await hydraApplication(stack.hydra, clientId);
  const authorization = oidc.buildAuthorizationUrl(application, {
    scope: "openid email",
    redirect_uri: redirectUri,
    state: oidc.randomState(),
    code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
    code_challenge_method: "S256",
  });
  const scripts = await onSlowLinkWithScriptsHeld(page);
  // Hydra asks the portal to sign the person in (no Hydra session yet): Kratos makes it a re-authentication.
  await page.goto(authorization.href, { waitUntil: "commit" });
  await expect(page).toHaveURL(/\/login\?.*login_challenge=/);

  await confirmWithPasswordTypedBeforeScript(page, user, scripts);

  await expect(page.getByRole("heading", { name: `${name} wants to use your account` })).toBeVisible();
});
