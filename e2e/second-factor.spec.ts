// Issue 4, journeys 3 to 5: second factors. TOTP codes are computed from the
// secret the page shows; security keys and passkeys live in Chromium's virtual
// authenticator.
import type { Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { apiSession, menu, signInWithPassword, signOut, totpSecretOn, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expectToast } from "./support/toasts.js";
import { addVirtualAuthenticator } from "./support/webauthn.js";

const secondFactorHeading = (page: Page) => page.getByRole("heading", { name: "Two-factor authentication" });

test("TOTP: set up, sign out, and sign in again with the code as second factor", { tag: "@postgres" }, async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/settings/security");
  await waitForApp(page);
  const card = page.getByRole("region", { name: "Authenticator app" });
  await expect(card.getByRole("img", { name: "Authenticator app QR code" })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "settings");

  const secret = await totpSecretOn(page);
  await card.getByLabel("Verify code").fill(new TOTP({ secret }).generate());
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "The authenticator app is set up." })).toBeFocused();
  await expect(card.getByRole("button", { name: "Remove authenticator app" })).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, user.email, user.password);
  await expect(secondFactorHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?.*flow=/);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 403 });
  await expectAccessible(page);
  await saveScreenshot(page, "login-aal2");

  await page.getByLabel("Code from your authenticator app").fill(new TOTP({ secret }).generate());
  await page.getByRole("button", { name: "Sign in with authenticator app" }).click();
  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2", email: user.email });
});

test("backup codes: generate, confirm, sign in with one; it does not work twice", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/changepwd");
  // Before the app takes the page over, the button posts the form to Kratos, which answers on Account Settings.
  await waitForApp(page);
  const card = page.getByRole("region", { name: "Backup codes" });
  await card.getByRole("button", { name: "Generate new backup codes" }).click();
  const codes = card.getByRole("figure", { name: /backup codes/i }).getByRole("listitem");
  await expect(codes.first()).toBeVisible();
  await expect(card.getByText("These codes work only once you confirm them. Keep them somewhere safe first.")).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "changepwd-backup-codes");
  const code = (await codes.first().textContent())!.trim();
  expect(code).toMatch(/^\w{6,}$/);

  await card.getByRole("button", { name: "Confirm backup codes" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Your backup codes are saved." })).toBeFocused();

  await page.context().clearCookies();
  await signInWithPassword(page, user.email, user.password);
  await expect(secondFactorHeading(page)).toBeVisible();
  await page.getByLabel("Backup code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign in with backup code" }).click();
  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2" });

  await page.goto("/changepwd");
  await waitForApp(page);
  await card.getByRole("button", { name: "Show backup codes" }).click();
  await expect(card.getByText(/^(\d+) of (\d+) codes left$/)).toBeVisible();
  const left = await card.getByText(/codes left$/).textContent();
  const [, unused, total] = left!.match(/^(\d+) of (\d+)/)!;
  expect(Number(unused)).toBe(Number(total) - 1);

  await page.context().clearCookies();
  await signInWithPassword(page, user.email, user.password);
  await expect(secondFactorHeading(page)).toBeVisible();
  await page.getByLabel("Backup code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign in with backup code" }).click();
  await expect(page.getByText("This backup code has already been used.")).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
});

test("security key: added in settings, then asked for as second factor", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await addVirtualAuthenticator(page);
  await signInByApi(page, user);
  await page.goto("/settings/security");
  const card = page.getByRole("region", { name: "Security keys" });
  await card.getByLabel("Name of the security key").fill("Desk key");
  await card.getByRole("button", { name: "Add security key" }).click();
  await expectToast(page, "The security key was added.");
  await expect(card.getByRole("table", { name: "Your security keys" })).toContainText("Desk key");

  await page.context().clearCookies();
  await signInWithPassword(page, user.email, user.password);
  await expect(secondFactorHeading(page)).toBeVisible();
  await page.getByRole("button", { name: "Sign in with security key" }).click();
  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal2", email: user.email });

  await page.goto("/settings/security");
  await waitForApp(page);
  await card.getByRole("button", { name: 'Remove security key "Desk key"' }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "The security key was removed." })).toBeFocused();
  await expect(card.getByText("No security keys yet.")).toBeVisible();
});

test("passkey: added in settings, signs in without a password, removed", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await addVirtualAuthenticator(page);
  await signInByApi(page, user);
  await page.goto("/settings/security");
  const card = page.getByRole("region", { name: "Passkeys" });
  await card.getByRole("button", { name: "Add passkey" }).click();
  await expectToast(page, "The passkey was added.");
  const remove = card.getByRole("button", { name: /^Remove passkey added / });
  await expect(remove).toHaveCount(1);

  await page.context().clearCookies();
  await page.goto("/login");
  // The sign-in page offers passkeys as autofill (conditional mediation); Chromium's
  // virtual authenticator picks its one passkey at once, as a user choosing it would,
  // so the sign-in form may be gone before anyone could look at it.
  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email: user.email });
  const whoami = (await (await page.request.get("/kratos/sessions/whoami")).json()) as {
    authentication_methods: { method: string }[];
  };
  expect(whoami.authentication_methods.map((method) => method.method)).toEqual(["passkey"]);

  await page.goto("/settings/security");
  await waitForApp(page);
  await remove.click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "The passkey was removed." })).toBeFocused();
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
});
