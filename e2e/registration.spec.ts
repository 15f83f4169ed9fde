// Issue 4, journey 1: a new user signs up, verifies the address with the code
// from the mail, and is signed in to the shell.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test.js";
import { uniqueEmail } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { apiSession, menu } from "./support/flows.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";

test("register, verify the emailed code, and arrive signed in", { tag: "@postgres" }, async ({ page }) => {
  const email = uniqueEmail("register");
  await page.goto("/registration");
  await expect(page.getByRole("heading", { name: "Create account" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]flow=/);
  await expectAccessible(page);
  await saveScreenshot(page, "registration");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByRole("button", { name: "Continue" }).click();

  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "registration-credentials");
  const since = Date.now();
  await password.fill(`Pw-${randomUUID()}`);
  await page.getByRole("button", { name: "Sign up with password" }).click();

  await expect(page).toHaveURL(/\/verification\?/);
  await expect(menu(page)).toBeVisible();
  const addresses = page.getByRole("region", { name: "Email addresses" });
  await expect(addresses.getByRole("row").filter({ hasText: email })).toContainText("Not verified");

  const mail = await waitForMail(email, /verify your email/i, since);
  const verify = page.getByRole("region", { name: "Verify an address" });
  await verify.getByLabel("Verification code").fill(codeIn(mail));
  await verify.getByRole("button", { name: "Continue" }).click();

  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(verify.getByRole("status").filter({ hasText: "Your email address is verified." })).toBeVisible();
  await expect(addresses.getByRole("row").filter({ hasText: email })).toContainText(/^.*Verified$/);
  await expect(addresses.getByText("Not verified")).toHaveCount(0);
  expect(await apiSession(page)).toMatchObject({ status: 200, email });
  await expectAccessible(page);
  await saveScreenshot(page, "verification");
});
