// Issue 48: WCAG 2.2's new criteria that no automatic checker reads. 2.5.8, the menu's rail,
// the header's buttons and the lists' buttons are targets of 24 × 24 px at
// least; 3.3.8, every password and code field takes a paste and says what it
// holds (autocomplete), so a password manager or a copied code can fill it.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { expect, test } from "./support/test.js";

async function expectTargets(page: Page, selector: string, what: string): Promise<void> {
  const targets = page.locator(selector);
  expect(await targets.count(), what).toBeGreaterThan(0);
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const box = (await target.boundingBox())!;
    const name = (await target.getAttribute("aria-label")) ?? (await target.innerText());
    expect(box.width, `${what}: the width of "${name}"`).toBeGreaterThanOrEqual(24);
    expect(box.height, `${what}: the height of "${name}"`).toBeGreaterThanOrEqual(24);
  }
}

test("2.5.8: the menu's rail, the header's buttons and the lists' buttons are at least 24 × 24 px", async ({ page }) => {
  const admin = await newIdentity({ roles: ["admin"] });
  await signInWithSecondFactorByApi(page, admin);
  await newIdentity({ email: `${admin.email.split("@")[0]}-roles@example.org`, roles: ["admin", "auditor"] });
  await page.goto(`/manage-users?email=${admin.email.split("@")[0]}&match=prefix`);
  await waitForApp(page);
  await expectTargets(page, ".sidebar a, .sidebar button", "the menu");
  await expectTargets(page, ".shell-header button, .shell-header select", "the header");
  // The rows come with the list's answer, after the app starts.
  await expect(page.getByRole("row").filter({ hasText: admin.email })).toBeVisible();
  await expectTargets(page, "main table a, main table button, main table input[type=checkbox]", "Manage Users' rows");
  // The menu folded to its rail of icons.
  await page.locator(".shell-header .icon-button").first().click();
  await expect(page.locator(".shell--collapsed")).toHaveCount(1);
  await expectTargets(page, ".sidebar a, .sidebar button", "the folded menu");
  await page.goto(`/manage-users/user?id=${admin.id}`);
  await expectTargets(page, "main .badge button, main .card button", "a person's page");
});

/** Pastes into the field as a person does (Ctrl+V from the clipboard) and returns what it then holds. */
async function pasteInto(page: Page, name: string, text: string): Promise<string> {
  const field = page.locator(`input[name="${name}"]`).first();
  await field.focus();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("ControlOrMeta+V");
  return field.inputValue();
}

test("3.3.8: every password and code field takes a paste and names what it holds", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const pasted = `Pw-${randomUUID()}`;
  const fields = [
    { path: "/login", name: "password", autocomplete: "current-password" },
    { path: "/changepwd", name: "password", autocomplete: "new-password" },
    { path: "/settings/security", name: "totp_code", autocomplete: "one-time-code" },
  ];
  for (const field of fields) {
    if (field.path === "/changepwd") await signInByApi(page, await newIdentity({ verified: true }));
    await page.goto(field.path);
    await expect(page.locator(`input[name="${field.name}"]`).first()).toBeVisible();
    if (field.path === "/login") await expect(page.locator(".public-tools select").last()).toBeEnabled();
    else await waitForApp(page);
    expect(await pasteInto(page, field.name, pasted), `a paste into ${field.name} on ${field.path}`).toBe(pasted);
    await expect(page.locator(`input[name="${field.name}"]`).first(), `${field.name} on ${field.path}`).toHaveAttribute(
      "autocomplete",
      field.autocomplete,
    );
  }
});
