// Issue 4, journey 7: a user who forgot the password recovers the account
// with a code from the mail and sets a new password.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, signInWithPassword } from "./support/flows.js";
import { newIdentity } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";

test("recover by emailed code, set a new password, sign in with it", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Recover your account" })).toBeVisible();
  await expect(page).toHaveURL(/\/recovery\?.*flow=/);
  await expectAccessible(page);
  await saveScreenshot(page, "recovery");

  const since = Date.now();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  const code = page.getByLabel("Recovery code");
  await expect(code).toBeVisible();
  const mail = await waitForMail(user.email, /recover access/i, since);
  await code.fill(codeIn(mail));
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/changepwd\?flow=/);
  await expect(
    page.getByText(/^Your account is recovered\. Change your password or add another way to sign in before .+\.$/),
  ).toBeVisible();
  await expect(menu(page)).toBeVisible();
  const newPassword = `Pw-${randomUUID()}`;
  const card = page.getByRole("region", { name: "Change password" });
  await card.getByLabel("Password").fill(newPassword);
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();

  await page.context().clearCookies();
  await signInWithPassword(page, user.email, newPassword);
  await expect(menu(page)).toBeVisible();
});
