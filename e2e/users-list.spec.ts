// Manage Users' whole list: an admin pages through 250 people (Kratos' page
// tokens, 25 a page) and exports everyone the search finds as CSV and JSON,
// with a name that a spreadsheet would run as a formula kept as text.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Configuration, IdentityApi } from "@ory/client";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { newIdentity, signInWithSecondFactorByApi } from "./support/identities.js";
import { stack } from "./support/stack.js";

const count = 250;

/** 250 accounts whose addresses share a beginning, made in one call (Kratos' batch PATCH); the first one's name is a formula. */
async function people(): Promise<string> {
  const prefix = `list-${randomUUID().slice(0, 8)}`;
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

async function downloaded(page: Page, format: "CSV" | "JSON"): Promise<string> {
  const download: Promise<Download> = page.waitForEvent("download");
  await page.getByRole("button", { name: format, exact: true }).click();
  const file = await download;
  await expect(page.getByRole("status").filter({ hasText: `Exported: ${count} people.` })).toBeVisible();
  return readFile(await file.path(), "utf8");
}

test("an admin pages through 250 people and exports them all, formulas kept as text", async ({ page }) => {
  const prefix = await people();
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

  const csv = (await downloaded(page, "CSV")).split("\r\n");
  expect(csv[0]).toBe('"id","email","name","verified","roles","state","second_factors","providers","created_at"');
  expect(csv).toHaveLength(count + 1);
  const formula = csv.find((line) => line.includes(`${prefix}-000@example.org`));
  expect(formula).toContain(`"'=HYPERLINK(""https://attacker.example"") Formula"`);

  const json = JSON.parse(await downloaded(page, "JSON")) as { users: { email: string; name: string }[] };
  expect(json.users).toHaveLength(count);
  expect(new Set(json.users.map((user) => user.email)).size).toBe(count);
  expect(json.users.find((user) => user.email === `${prefix}-000@example.org`)?.name).toBe(
    '=HYPERLINK("https://attacker.example") Formula',
  );
});
