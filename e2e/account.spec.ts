// Issue 4, journey 6: changing the password and the email address, and the
// account pages on a phone-sized screen.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { uniqueEmail } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, signInWithPassword, waitForApp, wrongCredentials } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";

test("change the password: the old one fails, the new one works", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/changepwd");
  const card = page.getByRole("region", { name: "Change password" });
  await expect(card.getByLabel("Password")).toBeVisible();
  // The card's answer below is the app's: before it takes the page over, Save posts the form to Kratos.
  await waitForApp(page);
  await expectAccessible(page);
  await saveScreenshot(page, "changepwd");

  const newPassword = `Pw-${randomUUID()}`;
  await card.getByLabel("Password").fill(newPassword);
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();

  await page.context().clearCookies();
  await signInWithPassword(page, user.email, user.password);
  await expect(page.getByText(wrongCredentials)).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign in with password" }).click();
  await expect(menu(page)).toBeVisible();
});

test("a changed email is unverified until its emailed code is entered", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/settings");
  await waitForApp(page);
  const profile = page.getByRole("region", { name: "Profile" });
  const newEmail = uniqueEmail("changed");
  const since = Date.now();
  await profile.getByLabel("Email").fill(newEmail);
  await profile.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(profile.getByRole("status").filter({ hasText: "Your profile was saved." })).toBeFocused();
  await expect(profile.getByText(`${newEmail} is not verified yet.`)).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "settings-email-unverified");

  await profile.getByRole("link", { name: "Verify it" }).click();
  await expect(page).toHaveURL(/\/verification\?flow=/);
  const addresses = page.getByRole("region", { name: "Email addresses" });
  await expect(addresses.getByRole("row").filter({ hasText: newEmail })).toContainText("Not verified");
  const mail = await waitForMail(newEmail, /verify your email/i, since);
  const verify = page.getByRole("region", { name: "Verify an address" });
  await verify.getByLabel("Verification code").fill(codeIn(mail));
  await verify.getByRole("button", { name: "Continue" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(verify.getByRole("status").filter({ hasText: "Your email address is verified." })).toBeVisible();
  await expect(addresses.getByText("Not verified")).toHaveCount(0);
  await expect(addresses.getByRole("row").filter({ hasText: newEmail })).toContainText("Verified");
});

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("on a 390 px screen the account pages do not scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInByApi(page, await newIdentity());
  await page.goto("/settings/devices");
  await expect(page.getByRole("table", { name: "Your sessions" })).toBeVisible();
  expect(await horizontalOverflow(page), "/settings").toBeLessThanOrEqual(0);
  await saveScreenshot(page, "settings-narrow");

  await menu(page).getByRole("link", { name: "Verify Account" }).click();
  await expect(page.getByRole("table", { name: "Your email addresses" })).toBeVisible();
  expect(await horizontalOverflow(page), "/verification").toBeLessThanOrEqual(0);
  await saveScreenshot(page, "verification-narrow");
});
