// Manage Users' whole list: an admin pages through 250 people (Kratos' page
// tokens, 25 a page) and exports everyone the search finds as CSV and JSON,
// with a name that a spreadsheet would run as a formula kept as text; and
// deactivates 30 people at once, each one's outcome and audit trail kept;
// and unlocks a person whom wrong passwords locked.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Configuration, IdentityApi } from "@ory/client";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { newIdentity, signInWithSecondFactorByApi } from "./support/identities.js";
import { startPrivateStack } from "./support/private-stack.js";
import { expectToast } from "./support/toasts.js";
import { createIdentity } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { stack } from "./support/stack.js";

/** Accounts whose addresses share a beginning, made in one call (Kratos' batch PATCH); the first one's name is a formula. */
async function people(count: number, prefix = `list-${randomUUID().slice(0, 8)}`): Promise<string> {
  const { data } = await new IdentityApi(new Configuration({ basePath: stack.kratosAdminUrl })).batchPatchIdentities({
    patchIdentitiesBody: {
      identities: Array.from({ length: count }, (_, index) => ({
        patch_id: randomUUID(),
        create: {
          schema_id: "default",
          traits: {
            email: `${prefix}-${String(index).padStart(3, "0")}@example.org`,
            name:
              index === 0 ? { first: '=HYPERLINK("https://attacker.example")', last: "Formula" } : { first: "Person", last: String(index) },
          },
        },
      })),
    },
  });
  expect(data.identities?.filter((identity) => identity.action === "create")).toHaveLength(count);
  return prefix;
}

async function downloaded(page: Page, format: "CSV" | "JSON", count: number): Promise<string> {
  const download: Promise<Download> = page.waitForEvent("download");
  await page.getByRole("button", { name: format, exact: true }).click();
  const file = await download;
  await expect(page.getByRole("status").filter({ hasText: `Exported: ${count} people.` })).toBeVisible();
  return readFile(await file.path(), "utf8");
}

test("an admin pages through 250 people and exports them all, formulas kept as text", async ({ page }) => {
  const count = 250;
  const prefix = await people(count);
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  await page.goto(`/manage-users?email=${prefix}&match=prefix`);
  const rows = page.getByRole("table", { name: "Users" }).locator("tbody tr");
  await expect(rows).toHaveCount(25);
  const more = page.getByRole("button", { name: "Load more" });
  for (let shown = 25; shown < count; shown += 25) {
    await more.click();
    await expect(rows).toHaveCount(shown + 25);
  }
  await expect(more).toBeHidden();

  const csv = (await downloaded(page, "CSV", count)).split("\r\n");
  expect(csv[0]).toBe('"id","email","name","verified","roles","state","second_factors","providers","created_at"');
  expect(csv).toHaveLength(count + 1);
  const formula = csv.find((line) => line.includes(`${prefix}-000@example.org`));
  expect(formula).toContain(`"'=HYPERLINK(""https://attacker.example"") Formula"`);

  const json = JSON.parse(await downloaded(page, "JSON", count)) as { users: { email: string; name: string }[] };
  expect(json.users).toHaveLength(count);
  expect(new Set(json.users.map((user) => user.email)).size).toBe(count);
  expect(json.users.find((user) => user.email === `${prefix}-000@example.org`)?.name).toBe(
    '=HYPERLINK("https://attacker.example") Formula',
  );
});

test("an admin deactivates 30 people at once: one confirmation, an outcome and an audit entry per person, their own account spared", async ({
  page,
}) => {
  const prefix = `many-${randomUUID().slice(0, 8)}`;
  const admin = await newIdentity({ email: `${prefix}-admin@example.org`, roles: ["admin"] });
  await people(30, prefix);
  await signInWithSecondFactorByApi(page, admin);
  await page.goto(`/manage-users?email=${prefix}&match=prefix`);
  const users = page.getByRole("table", { name: "Users" });
  await expect(users.locator("tbody tr")).toHaveCount(25);

  await page.getByRole("button", { name: "Select everyone the search finds" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Selected: 31" })).toBeVisible();
  await page.getByRole("button", { name: "Deactivate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate 31 accounts?" });
  await expect(dialog).toContainText("your own account and the last admin stay as they are");
  await dialog.getByRole("button", { name: "Deactivate" }).click();

  await expect(page.getByRole("heading", { name: "Changed: 30 of 31" })).toBeVisible();
  const outcomes = page.getByRole("table", { name: "What happened to each account" });
  await expect(outcomes.getByRole("row").filter({ hasText: "Done" })).toHaveCount(30);
  await expect(outcomes.getByRole("row").filter({ hasText: admin.email })).toContainText("Not changed: your own account");
  await expect(page.getByRole("status").filter({ hasText: "Selected: 0" })).toBeVisible();
  const others = users.locator("tbody tr").filter({ hasNotText: admin.email });
  await expect(others.filter({ hasText: "Inactive" })).not.toHaveCount(0);
  await expect(others.filter({ hasNotText: "Inactive" })).toHaveCount(0);

  const { data } = await new IdentityApi(new Configuration({ basePath: stack.kratosAdminUrl })).listIdentities({
    previewCredentialsIdentifierSimilar: prefix,
    pageSize: 100,
  });
  expect(data.filter((identity) => identity.state === "inactive")).toHaveLength(30);
  await others
    .first()
    .getByRole("link", { name: /^Open / })
    .click();
  await expect(
    page.getByRole("table", { name: "What admins did" }).getByRole("row").filter({ hasText: "Deactivated the account" }),
  ).toHaveCount(1);
});

test("wrong passwords lock a person; the admin sees until when, unlocks them and the audit trail says so", async ({ page, playwright }) => {
  // A stack of its own starts first: on a busy machine that alone took 30 s.
  test.setTimeout(120_000);
  // A portal of its own with a low limit, so that these guesses count against nobody else's.
  const stack = await startPrivateStack({ portalEnv: { LIMIT_SIGN_IN_ACCOUNT: "2/15m", CHALLENGE_FROM: "off" } });
  const elsewhere = await playwright.request.newContext();
  try {
    const person = await createIdentity(stack.adminUrl, { verified: true, name: { first: "Ada", last: "Lovelace" } });
    const admin = await createIdentity(stack.adminUrl, { roles: ["admin"] });
    const browser = new RequestContextBrowser(elsewhere, stack.portalOrigin);
    for (const guess of [1, 2]) expect((await browser.signIn(person.email, `wrong-${guess}`)).status(), `guess ${guess}`).toBe(400);
    expect((await browser.signIn(person.email, person.password)).status(), "the right password waits too").toBe(429);

    await signInWithSecondFactorByApi(page, admin, stack.portalOrigin);
    await page.goto(`${stack.portalOrigin}/manage-users?email=${person.email}&match=exact`);
    const row = page.getByRole("table", { name: "Users" }).locator("tbody tr");
    await expect(row).toContainText("Locked");
    await expect(row).toContainText(/until /);
    await row.getByRole("link", { name: `Open ${person.email}` }).click();
    await expect(page.getByText(/Wrong passwords lock this account until/)).toBeVisible();
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByRole("dialog", { name: "Unlock sign-in" }).getByRole("button", { name: "Unlock" }).click();
    await expectToast(page, `Ada Lovelace (${person.email}) can sign in again.`);
    await expect(page.getByText("Not locked: wrong passwords have not reached the limit.")).toBeVisible();
    await expect(
      page.getByRole("table", { name: "What admins did" }).getByRole("row").filter({ hasText: "Unlocked the sign-in" }),
    ).toHaveCount(1);

    expect((await browser.signIn(person.email, person.password)).status(), "the person signs in again").toBe(200);
  } finally {
    await elsewhere.dispose();
    await stack.stop();
  }
});
