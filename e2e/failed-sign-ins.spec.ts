// Failed sign-ins shown to the owner (docs/security.md, "Failed sign-ins"), in
// real Chromium against the real stack: wrong passwords from another browser,
// then the owner's notice after signing in, Devices and activity, the admin's
// view of the person, and the mail when the guesses lock the account (the
// stack's LIMIT_SIGN_IN_ACCOUNT, 10 in 15 minutes, counts for this account only).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, signOut, submitPassword, wrongCredentials } from "./support/flows.js";
import { newIdentity, signInWithSecondFactorByApi } from "./support/identities.js";
import { waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";

/** The rows of Devices and activity that are a wrong password. */
const wrongPasswordRows = (page: Page) =>
  page
    .getByRole("table", { name: "Your recent security activity" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Wrong password", exact: true }) });

const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("wrong passwords from another browser: the owner's notice and activity, the admin's view, the lock's mail", async ({
  page,
  browser,
}) => {
  // Ten wrong passwords through the form, and three browsers.
  test.setTimeout(120_000);
  const attackerContext = await browser.newContext({ userAgent: firefoxOnWindows });
  const adminContext = await browser.newContext();
  try {
    const owner = await newIdentity({ verified: true, name: { first: "Ada", last: "Lovelace" } });
    // The owner signed in here before: this is the sign-in the notice counts from.
    await page.goto(`${stack.portalOrigin}/login`);
    await submitPassword(page, owner.email, owner.password);
    await expect(menu(page)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Failed sign-ins" }), "no notice without wrong passwords").toHaveCount(0);
    await signOut(page);

    const attacker = await attackerContext.newPage();
    await attacker.goto(`${stack.portalOrigin}/login`);
    for (let guess = 1; guess <= 3; guess++) {
      await submitPassword(attacker, owner.email, `guess-${guess}`);
      await expect(attacker.getByText(wrongCredentials)).toBeVisible();
      await attacker.goto(`${stack.portalOrigin}/login`);
    }

    await submitPassword(page, owner.email, owner.password);
    const notice = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Failed sign-ins" }) });
    await expect(notice).toContainText("3 failed attempts to sign in since your last sign-in, the last from Firefox 133 on Windows, at");
    await expectAccessible(page);
    await saveScreenshot(page, "failed-sign-ins-notice");

    await notice.getByRole("link", { name: "Review your activity" }).click();
    await expect(page).toHaveURL(/\/settings\/devices$/);
    const wrong = wrongPasswordRows(page);
    await expect(wrong).toHaveCount(3);
    for (const row of await wrong.all()) await expect(row).toContainText("Firefox 133 on Windows");
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice).toHaveCount(0);

    const admin = await newIdentity({ roles: ["admin"] });
    const adminPage = await adminContext.newPage();
    await signInWithSecondFactorByApi(adminPage, admin, stack.portalOrigin);
    await adminPage.goto(`${stack.portalOrigin}/manage-users/user?id=${owner.id}`);
    await expect(adminPage.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
    const attempts = adminPage.getByRole("table", { name: "Failed sign-ins of this account" }).getByRole("row");
    // The header row and the three attempts.
    await expect(attempts).toHaveCount(4);
    await expect(attempts.nth(1)).toContainText("Firefox 133 on Windows");
    await expectAccessible(adminPage);

    // Seven more guesses spend the account's limit of 10: locked for every browser the owner has not used.
    const since = Date.now();
    for (let guess = 4; guess <= 10; guess++) {
      await submitPassword(attacker, owner.email, `guess-${guess}`);
      await expect(attacker.getByText(wrongCredentials)).toBeVisible();
      await attacker.goto(`${stack.portalOrigin}/login`);
    }
    const mail = await waitForMail(owner.email, /^Sign-in to your account is paused$/, since, stack.mailUrl);
    expect(mail.text).toMatch(/too many wrong passwords were tried for your account/);
    expect(mail.text).toContain(`${stack.portalOrigin}/recovery`);
    await submitPassword(attacker, owner.email, owner.password);
    await expect(attacker.getByRole("alert").filter({ hasText: "Too many attempts." }), "locked for the other browser").toBeVisible();

    await page.reload();
    await expect(
      page.getByRole("table", { name: "Your recent security activity" }).getByRole("row", { name: /Password sign-in paused/ }),
    ).toHaveCount(1);
    await expect(wrongPasswordRows(page)).toHaveCount(10);
  } finally {
    await attackerContext.close();
    await adminContext.close();
  }
});
