// Issue 19: the public pages, /verification and /settings come rendered by the
// server, and their forms post to Kratos natively, so a person whose script has
// not arrived yet (a slow link) or never runs can still sign in with a
// password, verify an address and change their profile.
import { expect, test } from "./support/test.js";
import { apiSession, submitPassword, wrongCredentials } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";
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

test("with scripts off, a signed-in user verifies their email with the code the mail brings", async ({ page }) => {
  const user = await newIdentity();
  await signInByApi(page, user);
  await page.goto("/verification");
  const addresses = page.getByRole("region", { name: "Email addresses" });
  await expect(addresses.getByRole("row").filter({ hasText: user.email })).toContainText("Not verified");
  const verify = page.getByRole("region", { name: "Verify an address" });
  await expect(verify.getByLabel("Email")).toHaveValue(user.email);

  // Each form posts to Kratos, which sends the browser back here with the flow; the server renders its next step.
  const since = Date.now();
  await verify.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/verification\?flow=/);
  await verify.getByLabel("Verification code").fill(codeIn(await waitForMail(user.email, /verify your email/i, since)));
  await verify.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(addresses.getByRole("row").filter({ hasText: user.email })).toContainText(/Verified$/);
  await expect(addresses.getByText("Not verified")).toHaveCount(0);
});

test("with scripts off, a signed-in user changes their first name on Account Settings and sees it saved", async ({ page }) => {
  await signInByApi(page, await newIdentity({ name: { first: "Ada", last: "Lovelace" } }));
  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByLabel("First name")).toHaveValue("Ada");
  await saveScreenshot(page, "settings-no-javascript");

  // The form posts to Kratos, which saves it and sends the browser back with the flow; the server renders its message.
  await profile.getByLabel("First name").fill("Augusta");
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/settings\?flow=/);
  await expect(page.getByText("Your changes are saved.")).toBeVisible();
  await expect(profile.getByLabel("First name")).toHaveValue("Augusta");
  // The header names the account as it is now.
  await expect(page.getByRole("banner")).toContainText("Augusta Lovelace");
  const session = (await (await page.request.get("/api/session")).json()) as { identity: { traits: { name: { first: string } } } };
  expect(session.identity.traits.name.first).toBe("Augusta");
});
