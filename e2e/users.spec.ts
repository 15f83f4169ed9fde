// Manage Users (docs/admin-guide.md) in real Chromium against the real stack: an admin
// finds a person, makes them admin, deactivates them, and every change shows
// in the person's browser, on the sign-in page and in the audit trail.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, submitPassword } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi, type TestIdentity } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";
import { uniqueEmail } from "../testing/identities.js";
import { expectToast } from "./support/toasts.js";

const auditTable = (page: Page) => page.getByRole("table", { name: "What admins did" });

/** Signs an admin in with a second factor and opens Manage Users from the menu. */
async function openManageUsers(page: Page): Promise<TestIdentity> {
  const admin = await newIdentity({ roles: ["admin"], name: { first: "Grace", last: "Admin" } });
  await signInWithSecondFactorByApi(page, admin);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Account Settings", level: 1 })).toBeVisible();
  await menu(page).getByRole("link", { name: "Manage Users" }).click();
  await expect(page).toHaveURL(/\/manage-users$/);
  await expect(page.getByRole("heading", { name: "Manage Users", level: 1 })).toBeVisible();
  return admin;
}

/** Finds the person by the beginning of their address and opens their page. */
async function openUser(page: Page, person: TestIdentity): Promise<void> {
  await page.getByLabel("Email address").fill(person.email.slice(0, 15));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Ada Lovelace");
  await expect(row).toContainText("Active");
  await row.getByRole("link", { name: `Open ${person.email}` }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
}

test("an admin finds a person and makes them admin; the new admin sees Manage Clients", async ({ page, browser }) => {
  const person = await newIdentity({ email: uniqueEmail("ada"), name: { first: "Ada", last: "Lovelace" } });
  const admin = await openManageUsers(page);
  await expectAccessible(page);
  await openUser(page, person);
  await expectAccessible(page);
  await saveScreenshot(page, "users-page");

  await page.getByRole("button", { name: "Make admin" }).click();
  const dialog = page.getByRole("dialog", { name: "Make admin" });
  await expect(dialog).toContainText(`Make Ada Lovelace (${person.email}) an admin?`);
  await dialog.getByRole("button", { name: "Make admin" }).click();
  await expectToast(page, `Ada Lovelace (${person.email}) is now an admin.`);
  await expect(page.getByRole("button", { name: "Remove admin" })).toBeVisible();
  const line = auditTable(page).getByRole("row").filter({ hasText: "Gave the role admin" });
  await expect(line).toContainText(admin.email);

  const theirs = await (await browser.newContext()).newPage();
  await signInByApi(theirs, person);
  await theirs.goto("/settings");
  await expect(menu(theirs).getByRole("link", { name: "Manage Clients" })).toBeVisible();
  await theirs.context().close();
});

test("deactivating signs the person out and refuses their sign-in with a message; reactivating lets them in", async ({ page, browser }) => {
  const person = await newIdentity({ email: uniqueEmail("ada"), name: { first: "Ada", last: "Lovelace" } });
  const theirs = await (await browser.newContext()).newPage();
  await signInByApi(theirs, person);
  await theirs.goto("/settings");
  await expect(menu(theirs)).toBeVisible();

  await openManageUsers(page);
  await openUser(page, person);
  await expect(page.getByRole("table", { name: "Active sessions" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table", { name: "Active sessions" })).toContainText(/Chrome \d+ on Linux/);
  await page.getByRole("button", { name: "Deactivate" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate account" });
  await expect(dialog).toContainText(`Deactivate Ada Lovelace (${person.email})?`);
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expectToast(page, `Ada Lovelace (${person.email}) was deactivated.`);
  await expect(page.getByText("No active session.")).toBeVisible();
  await expect(auditTable(page).getByRole("row").filter({ hasText: "Deactivated the account" })).toHaveCount(1);

  // Their session ended: the next page they open asks them to sign in, and signing in is refused, saying why.
  await theirs.goto("/settings");
  await expect(theirs).toHaveURL(/\/login/);
  await submitPassword(theirs, person.email, person.password);
  await expect(theirs.getByText("This account is deactivated: it cannot sign in.")).toBeVisible();
  await expectAccessible(theirs);

  await page.getByRole("button", { name: "Reactivate" }).click();
  await page.getByRole("dialog", { name: "Reactivate account" }).getByRole("button", { name: "Reactivate" }).click();
  await expectToast(page, `Ada Lovelace (${person.email}) was reactivated.`);
  await expect(auditTable(page).getByRole("row").filter({ hasText: "Reactivated the account" })).toHaveCount(1);
  await submitPassword(theirs, person.email, person.password);
  await expect(menu(theirs)).toBeVisible();
  await theirs.context().close();
});

test("the guard rails: on their own page an admin cannot remove their admin role, deactivate or delete themselves", async ({ page }) => {
  const admin = await openManageUsers(page);
  await page.getByLabel("Email address").fill(admin.email);
  await page.getByLabel("Match").selectOption("exact");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("link", { name: `Open ${admin.email}` }).click();
  await expect(page.getByRole("heading", { name: "Grace Admin", level: 1 })).toBeVisible();
  await expect(page.getByText("You cannot change your own admin role.")).toBeVisible();
  await expect(page.getByText("You cannot deactivate or delete your own account here.")).toBeVisible();
  for (const name of ["Remove admin", "Deactivate", "Delete account"]) {
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }
  // The server refuses it too, with its code, whatever the page shows.
  const refused = await page.request.put(`/api/users/${admin.id}/state`, {
    data: { state: "inactive" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect([refused.status(), await refused.json()]).toEqual([409, { code: "self_action" }]);
});

test("a recovery code for a person who lost access, shown once to the admin and recorded", async ({ page }) => {
  const person = await newIdentity({ email: uniqueEmail("ada"), name: { first: "Ada", last: "Lovelace" } });
  await openManageUsers(page);
  await openUser(page, person);
  await page.getByRole("button", { name: "Create a recovery code" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a recovery code" });
  await expect(dialog).toContainText(`for Ada Lovelace (${person.email})?`);
  await dialog.getByRole("button", { name: "Create a recovery code" }).click();
  const shown = page.getByRole("alert").filter({ hasText: "Recovery for" });
  await expect(shown).toContainText(/\/recovery\?flow=/);
  await expect(shown).toContainText(/Recovery code\d{6}Valid until/);
  await expect(auditTable(page).getByRole("row").filter({ hasText: "Created a recovery code" })).toHaveCount(1);
});

test("an admin downloads the whole audit trail as JSON lines", async ({ page }) => {
  const person = await newIdentity({ email: uniqueEmail("ada"), name: { first: "Ada", last: "Lovelace" } });
  const admin = await openManageUsers(page);
  await openUser(page, person);
  await page.getByRole("button", { name: "Create a recovery code" }).click();
  await page.getByRole("dialog", { name: "Create a recovery code" }).getByRole("button", { name: "Create a recovery code" }).click();
  await expect(auditTable(page).getByRole("row").filter({ hasText: "Created a recovery code" })).toHaveCount(1);
  // Once the dialog has faded out, the focus goes back to the button that opened it, and the page scrolls there:
  // a click on the link at the top during that scroll pressed the link and let go elsewhere, which is no click.
  await expect(page.getByRole("region", { name: "Access" }).getByRole("button", { name: "Create a recovery code" })).toBeFocused();
  await page.getByRole("link", { name: "All users" }).click();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the audit trail" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d\d-\d\d\.jsonl$/);
  const lines = (await readFile(await download.path(), "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { action: string; actor_email: string; subject_id: string });
  expect(lines.filter((line) => line.subject_id === person.id)).toEqual([
    expect.objectContaining({ action: "recovery_code_created", actor_email: admin.email }),
  ]);
});
