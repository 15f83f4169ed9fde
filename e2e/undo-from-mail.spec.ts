// Issue 47, item 1: an attacker signed in to the owner's account changes the
// address and the password; the mail to the OLD address carries the undo
// link. The owner opens it (a page that only reads), confirms, and the
// address is back, the attacker's browser is signed out, and the recovery
// code mailed to the restored address lets the owner choose a new password.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { uniqueEmail } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { recordCspViolations } from "./support/csp.js";
import { apiSession, menu, signInWithPassword, waitForApp } from "./support/flows.js";
import { newIdentity } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";
import { recordToasts, toastTexts } from "./support/toasts.js";
import { expect, test } from "./support/test.js";

/** The only link of the mail's text that matches. */
function linkIn(text: string, pattern: RegExp): string {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`no link matching ${pattern} in the mail`);
  return link;
}

/** Waits until the portal recorded the sign-in (Kratos' hook), so that the changes after it are compared with it. */
async function signInRecorded(page: Page): Promise<void> {
  await page.goto("/settings/devices");
  const activity = page.getByRole("region", { name: "Recent security activity" });
  await expect(async () => {
    await page.reload();
    await expect(activity.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

// Two browsers, two changes, three mails and a recovery: longer than a page's test.
test.describe.configure({ timeout: 120_000 });

test("an attacker's new address and password are undone from the old address's mail", async ({ page, browser }) => {
  const owner = await newIdentity({ verified: true });
  const stolen = uniqueEmail("attacker");

  // The attacker, in a session of the owner's account, changes the address, then the password.
  await signInWithPassword(page, owner.email, owner.password);
  await expect(menu(page)).toBeVisible();
  await signInRecorded(page);
  const since = Date.now();
  await page.goto("/settings");
  await waitForApp(page);
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Email").fill(stolen);
  await profile.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(profile.getByRole("status").filter({ hasText: "Your profile was saved." })).toBeFocused();
  await page.goto("/changepwd");
  await waitForApp(page);
  const passwordCard = page.getByRole("region", { name: "Change password" });
  await passwordCard.getByLabel("Password").fill(`Pw-${randomUUID()}`);
  await passwordCard.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(passwordCard.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();

  // The owner, in a browser of their own, reads the mail to the old address.
  const ownerContext = await browser.newContext();
  await recordToasts(ownerContext);
  const csp = await recordCspViolations(ownerContext);
  const ownerPage = await ownerContext.newPage();
  const changed = await waitForMail(owner.email, /^Your email address was changed$/, since);
  expect(changed.text).toContain(`to ${stolen}`);
  await ownerPage.goto(linkIn(changed.text, /\/undo\?token=/));
  await expect(ownerPage.getByRole("heading", { name: "Undo a change to your account" })).toBeVisible();
  await expect(ownerPage.getByText(/^The email address of your account was changed on .+\.$/)).toBeVisible();
  await expect(ownerPage.getByRole("button", { name: "Undo this change" })).toBeEnabled();
  await expectAccessible(ownerPage);
  await saveScreenshot(ownerPage, "undo");
  // Opening the link changed nothing: the attacker is still signed in.
  expect((await apiSession(page)).status).toBe(200);

  await ownerPage.getByRole("button", { name: "Undo this change" }).click();
  await expect(ownerPage.getByRole("heading", { name: "The change is undone" })).toBeVisible();
  await expect(ownerPage.getByText(/We mailed a recovery code to your address/)).toBeVisible();

  // The attacker's browser is signed out: its next page is the sign-in.
  expect((await apiSession(page)).status).toBe(401);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);

  // The owner recovers with the code mailed to the restored address and chooses a new password.
  const undone = await waitForMail(owner.email, /^The change to your account was undone$/, since);
  await ownerPage.goto(linkIn(undone.text, /\/recovery\?flow=/));
  await ownerPage.getByLabel("Recovery code").fill(codeIn(undone));
  await ownerPage.getByRole("button", { name: "Continue" }).click();
  await expect(ownerPage).toHaveURL(/\/changepwd\?flow=/);
  const newPassword = `Pw-${randomUUID()}`;
  const ownersCard = ownerPage.getByRole("region", { name: "Change password" });
  await ownersCard.getByLabel("Password").fill(newPassword);
  await ownersCard.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(ownersCard.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();
  expect(await toastTexts(ownerPage)).toEqual([]);

  await ownerContext.clearCookies();
  await signInWithPassword(ownerPage, owner.email, newPassword);
  await expect(menu(ownerPage)).toBeVisible();
  expect((await apiSession(ownerPage)).email).toBe(owner.email);

  // The link worked once.
  await ownerPage.goto(linkIn(changed.text, /\/undo\?token=/));
  await expect(ownerPage.getByText(/This link was already used/)).toBeVisible();
  await csp.settle();
  expect(csp.violations, "Content-Security-Policy violations").toEqual([]);
  await ownerContext.close();
});
