// Issue 30: what a person typed into the server's form before the app's script
// ran is what the form sends after the app took the page over, on a slow link
// where the form shows long before the script: React takes the server's fields
// over as they are (no mismatch that would draw them anew), and the app reads
// them when the form is sent.
import { TOTP } from "otpauth";
import { expect, test } from "./support/test.js";
import { apiSession, menu, totpSecretOn, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { onSlowLinkWithScriptsHeld } from "./support/slow-link.js";
import { expectToast } from "./support/toasts.js";

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

  await expectToast(page, "The authenticator app is set up.");
  await expect(card.getByRole("button", { name: "Remove authenticator app" })).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2" });
});
