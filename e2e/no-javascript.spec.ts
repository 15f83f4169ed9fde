// Issue 19: the public pages come rendered by the server, and their forms post
// to Kratos natively, so a person whose script has not arrived yet (a slow
// link) or never runs can still sign in with a password.
import { expect, test } from "./support/test.js";
import { apiSession, submitPassword, wrongCredentials } from "./support/flows.js";
import { newIdentity } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";

test.use({ javaScriptEnabled: false });

test("with scripts off, a wrong password shows Kratos' message and the right one signs in", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // Passkeys need the app and Kratos' script: the button says so instead of doing nothing.
  await expect(page.getByRole("button", { name: "Sign in with passkey (loading…)" })).toBeDisabled();
  await saveScreenshot(page, "login-no-javascript");

  await submitPassword(page, user.email, `${user.password}-wrong`);
  // Kratos sends the browser back with the flow, which the server renders with Kratos' message.
  await expect(page).toHaveURL(/\/login\?flow=/);
  await expect(page.getByText(wrongCredentials)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in with password" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal1", email: user.email });
});

test("with scripts off, the registration and recovery forms are there to fill in", async ({ page }) => {
  await page.goto("/registration");
  await expect(page.getByRole("heading", { name: "Create account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeEditable();
  await page.goto("/recovery");
  await expect(page.getByRole("heading", { name: "Recover your account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeEditable();
});
