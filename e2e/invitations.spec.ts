// Invitations (docs/invitations.md) in real Chromium against the real stack: an admin
// with a second factor invites a person as admin in German from Manage Users;
// the mail arrives in German; the person opens the link, accepts, chooses a
// password and is signed in, verified, with Manage Clients in the menu.
// Resend kills the old link; revoke takes a pending invitation back. A list
// (CSV) shows what it will do row by row, then sends the rows that can be.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Configuration, IdentityApi } from "@ory/client";
import Papa from "papaparse";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { recordCspViolations } from "./support/csp.js";
import { apiSession, waitForApp } from "./support/flows.js";
import { newIdentity, signInWithSecondFactorByApi } from "./support/identities.js";
import { waitForMail } from "./support/mail.js";
import { stack } from "./support/stack.js";
import { expectToast, recordToasts, toastTexts } from "./support/toasts.js";
import { uniqueEmail } from "../testing/identities.js";

const invitationSubject = /^Sie wurden zu einem Konto eingeladen$/;
const pendingTable = (page: Page) => page.getByRole("table", { name: "Pending invitations" });

/** An admin with a second factor on Manage Users. */
async function openManageUsers(page: Page) {
  const admin = await newIdentity({ roles: ["admin"], name: { first: "Grace", last: "Hopper" } });
  await signInWithSecondFactorByApi(page, admin);
  await page.goto("/manage-users");
  await expect(page.getByRole("heading", { name: "Manage Users", level: 1 })).toBeVisible();
  return admin;
}

/** Invites the address as the dialog asks, in German; the invitation mail's link once it arrives. */
async function invite(page: Page, email: string, { admin = false } = {}): Promise<string> {
  const since = Date.now();
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a person" });
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByLabel("First name (optional)").fill("Ada");
  await dialog.getByLabel("Last name (optional)").fill("Lovelace");
  await dialog.getByLabel("Language").selectOption({ label: "Deutsch" });
  if (admin) await dialog.getByLabel("Admin: manages clients and users").check();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(page, `An invitation is on its way to ${email}.`);
  await expect(pendingTable(page).getByRole("row").filter({ hasText: email })).toBeVisible();
  return linkIn((await waitForMail(email, invitationSubject, since)).text);
}

const linkIn = (text: string) => /https?:\/\/\S+\/invitation\?token=\S+/.exec(text)![0];

/** The link opened in a browser of the invitee's own; `done` holds it to the CSP, like the test's own. */
async function openAsInvitee(browser: Browser, link: string): Promise<{ page: Page; done: () => Promise<void> }> {
  const context = await browser.newContext();
  await recordToasts(context);
  const csp = await recordCspViolations(context);
  const page = await context.newPage();
  await page.goto(link);
  return {
    page,
    done: async () => {
      await csp.settle();
      expect(csp.violations, "Content-Security-Policy violations of the invitee's pages").toEqual([]);
    },
  };
}

test("an invited admin accepts in one click, chooses a password and lands signed in, verified, with Manage Clients", async ({
  page,
  browser,
}) => {
  const admin = await openManageUsers(page);
  const email = uniqueEmail("invited");
  const link = await invite(page, email, { admin: true });
  await expectAccessible(page);

  const mail = await waitForMail(email, invitationSubject);
  expect(mail.text).toContain(`Grace Hopper (${admin.email}) hat Sie zu einem Konto`);
  expect(mail.text).toContain("Der Link gilt einmal, bis");

  const { page: invitee, done } = await openAsInvitee(browser, link);
  await expect(invitee.getByRole("heading", { name: "Welcome, Ada Lovelace", level: 1 })).toBeVisible();
  await expectAccessible(invitee);
  expect((await apiSession(invitee)).status, "opening the link signs nobody in").toBe(401);
  await invitee.getByRole("button", { name: "Accept invitation" }).click();

  // Signed in, the portal speaks the account's language: German, as invited.
  await expect(invitee).toHaveURL(/\/changepwd\?flow=.*&notice=invited$/);
  await expect(invitee.locator("html")).toHaveAttribute("lang", "de");
  await waitForApp(invitee);
  // Welcomed as an invitee, not told that the account was recovered.
  await expect(invitee.getByRole("status").filter({ hasText: /^Willkommen: Ihre Einladung ist angenommen\./ })).toBeVisible();
  await expect(invitee.getByText(/wiederhergestellt/)).toHaveCount(0);
  const password = `Pw-${randomUUID()}`;
  const card = invitee.getByRole("region", { name: "Passwort ändern" });
  await card.getByLabel("Passwort").fill(password);
  await card.getByRole("button", { name: "Speichern" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Ihr Passwort wurde geändert." })).toBeFocused();
  expect(await toastTexts(invitee)).toEqual([]);
  expect(await apiSession(invitee)).toMatchObject({ status: 200, email });
  await expect(invitee.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name: "Clients verwalten" })).toBeVisible();

  const identities = new IdentityApi(new Configuration({ basePath: stack.kratosAdminUrl }));
  const [made] = (await identities.listIdentities({ credentialsIdentifier: email })).data;
  expect(made?.verifiable_addresses?.[0]?.verified, "the address is verified").toBe(true);

  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Diese Einladung kann nicht verwendet werden" })).toBeVisible();
  await expect(invitee.getByText(/^Diese Einladung wurde bereits angenommen\./)).toBeVisible();

  await page.reload();
  await expect(pendingTable(page).or(page.getByText("No invitation is pending."))).toBeVisible();
  await expect(pendingTable(page).getByRole("row").filter({ hasText: email }), "no longer pending").toHaveCount(0);
  await done();
});

test("resend kills the old link; revoke takes the invitation back", async ({ page, browser }) => {
  await openManageUsers(page);
  const email = uniqueEmail("resent");
  const first = await invite(page, email);

  const row = pendingTable(page).getByRole("row").filter({ hasText: email });
  const since = Date.now();
  await row.getByRole("button", { name: "Resend" }).click();
  await page.getByRole("dialog", { name: "Resend invitation" }).getByRole("button", { name: "Resend" }).click();
  await expectToast(page, `A new invitation is on its way to ${email}.`);
  // A mail's Date has whole seconds, so the first invitation's can pass for one sent since: wait for the newest
  // to carry another link.
  let second = first;
  await expect
    .poll(async () => (second = linkIn((await waitForMail(email, invitationSubject, since)).text)), { timeout: 20_000 })
    .not.toBe(first);

  const { page: invitee, done } = await openAsInvitee(browser, first);
  await expect(invitee.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  await expect(invitee.getByText(/^This invitation link is not valid/)).toBeVisible();
  await invitee.goto(second);
  await expect(invitee.getByRole("heading", { name: "Welcome, Ada Lovelace" })).toBeVisible();

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog", { name: "Revoke invitation" }).getByRole("button", { name: "Revoke" }).click();
  await expectToast(page, `The invitation of ${email} was revoked.`);
  await expect(row).toHaveCount(0);
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee.getByText(/^This invitation link is not valid/)).toBeVisible();
  await done();
});

test("a CSV of 4 rows with two bad rows shows the preview, sends 2 and saves a result no spreadsheet runs", async ({ page }) => {
  await openManageUsers(page);
  const [ada, bob, mallory] = [uniqueEmail("listed-ada"), uniqueEmail("listed-bob"), uniqueEmail("listed-mallory")];
  const since = Date.now();
  // A spreadsheet's export: a BOM, CRLF, a quoted name with a comma, a row whose address is not one, and a row of
  // formulas (one behind a line break in its cell) whose language is not one.
  const csv = [
    "\uFEFFemail,name,language,roles",
    `${ada},"Ada Lovelace, Countess",de,admin`,
    "=cmd|' /C calc'!A0,Eve,en,",
    `${mallory},"=HYPERLINK(\n@SUM(1+1))",=1+1 x,-1+1 x`,
    `${bob},Bob,,`,
    "",
  ].join("\r\n");
  await page.getByRole("button", { name: "Invite a list" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a list of people" });
  await dialog.getByLabel("Or read a CSV file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Check the list" }).click();

  const rows = dialog.getByRole("table", { name: "The list's rows" }).getByRole("row");
  await expect(dialog.getByText("2 of 4 rows will be invited. Nothing has been sent yet.")).toBeVisible();
  await expect(rows.filter({ hasText: ada })).toContainText("Ada Lovelace, Countess");
  await expect(rows.filter({ hasText: ada })).toContainText("will invite");
  await expect(rows.filter({ hasText: "Eve" })).toContainText("invalid: not an email address");
  await expect(rows.filter({ hasText: bob })).toContainText("will invite");
  await expectAccessible(page);

  await dialog.getByRole("button", { name: "Send the invitations (2)" }).click();
  await expect(dialog.getByText("Done: 2 of 4 rows invited.")).toBeVisible();
  await expect(rows.filter({ hasText: ada })).toContainText("invited");
  await expect(rows.filter({ hasText: bob })).toContainText("invited");
  await expectAccessible(page);
  expect((await waitForMail(ada, invitationSubject, since)).text).toContain("Grace Hopper");
  expect((await waitForMail(bob, /^You are invited to an account$/, since)).text).toContain("Grace Hopper");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Download the result (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invitations-\d{4}-\d{2}-\d{2}\.csv$/);
  // The cells as a spreadsheet reads them: each formula, and each line of a cell that starts one, behind a quote.
  const result = Papa.parse<string[]>(readFileSync(await download.path(), "utf8"), { newline: "\r\n" }).data;
  expect(result).toEqual([
    ["line", "email", "name", "language", "roles", "result", "detail"],
    ["2", ada, "Ada Lovelace, Countess", "de", "admin", "invited", "invited"],
    ["3", "'=cmd|' /C calc'!A0", "Eve", "en", "", "invalid", "invalid: not an email address"],
    [
      "4",
      mallory,
      "'=HYPERLINK(\n'@SUM(1+1))",
      "'=1+1 x",
      "'-1+1 x",
      "invalid",
      "invalid: not one of the languages en, de, fr, es, pt-BR, ja, ar",
    ],
    ["5", bob, "Bob", "", "", "invited", "invited"],
  ]);

  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(pendingTable(page).getByRole("row").filter({ hasText: ada })).toBeVisible();
  await expect(pendingTable(page).getByRole("row").filter({ hasText: bob })).toBeVisible();
});
