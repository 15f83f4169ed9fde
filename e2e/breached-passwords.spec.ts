// Issue 47, item 4: Kratos' breach check asks the stack's own range service
// (stack/breach-range.ts), never the internet: a password of the tests' list
// (stack/breached-passwords.txt) is refused at registration, in settings and
// at recovery, and one that is not in it is accepted.
import { randomInt, randomUUID } from "node:crypto";
import { expect, test } from "./support/test.js";
import { readTestPasswords } from "../stack/breach-range.js";
import { uniqueEmail } from "../testing/identities.js";
import { kratos } from "#locales/en/kratos.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, signInWithPassword, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";

const breached = kratos["4000034"];

/** Any password of the list: each of them is in the range file. */
function breachedPassword(): string {
  const passwords = readTestPasswords();
  return passwords[randomInt(passwords.length)];
}

test("registration refuses a breached password and accepts another", async ({ page }) => {
  const email = uniqueEmail("breached");
  await page.goto("/registration");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByRole("button", { name: "Continue" }).click();

  const password = page.getByLabel("Password", { exact: true });
  await password.fill(breachedPassword());
  await page.getByRole("button", { name: "Sign up with password" }).click();
  await expect(page.getByText(breached)).toBeVisible();
  await expect(page).toHaveURL(/\/registration\?/);
  await expectAccessible(page);

  await password.fill(`Pw-${randomUUID()}`);
  await page.getByRole("button", { name: "Sign up with password" }).click();
  await expect(page).toHaveURL(/\/verification\?/);
  await expect(menu(page)).toBeVisible();
});

test("settings refuse a breached password and accept another", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/changepwd");
  const card = page.getByRole("region", { name: "Change password" });
  await waitForApp(page);
  await card.getByLabel("Password").fill(breachedPassword());
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText(breached)).toBeVisible();
  await expectAccessible(page);

  const newPassword = `Pw-${randomUUID()}`;
  await card.getByLabel("Password").fill(newPassword);
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();

  await page.context().clearCookies();
  await signInWithPassword(page, user.email, newPassword);
  await expect(menu(page)).toBeVisible();
});

test("recovery refuses a breached new password and accepts another", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await page.goto("/recovery");
  const since = Date.now();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  const code = page.getByLabel("Recovery code");
  await expect(code).toBeVisible();
  await code.fill(codeIn(await waitForMail(user.email, /recover access/i, since)));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/changepwd\?flow=/);

  const card = page.getByRole("region", { name: "Change password" });
  await card.getByLabel("Password").fill(breachedPassword());
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText(breached)).toBeVisible();

  const newPassword = `Pw-${randomUUID()}`;
  await card.getByLabel("Password").fill(newPassword);
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();

  await page.context().clearCookies();
  await signInWithPassword(page, user.email, newPassword);
  await expect(menu(page)).toBeVisible();
});
