// Issue 48: WCAG 2.2's new criteria that no automatic checker reads. 2.4.11,
// no control the keyboard reaches is under the sticky header; 2.5.8, the menu's rail,
// the header's buttons and the lists' buttons are targets of 24 × 24 px at
// least; 3.3.8, every password and code field takes a paste and says what it
// holds (autocomplete), so a password manager or a copied code can fill it.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { expect, test } from "./support/test.js";

/** The focused element, where it is, and whether the sticky header covers any of it. */
function focusSeen(): {
  what: string;
  inHeader: boolean;
  inMain: boolean;
  top: number;
  headerBottom: number;
  atCentre: string;
  covered: boolean;
} {
  const element = document.activeElement as HTMLElement;
  const header = document.querySelector(".shell-header")!;
  const box = element.getBoundingClientRect();
  const headerBottom = header.getBoundingClientRect().bottom;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const what = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
  return {
    what,
    inHeader: header.contains(element),
    inMain: element.closest("main") !== null,
    top: box.top,
    headerBottom,
    atCentre: hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : "nothing",
    covered: hit !== null && header.contains(hit),
  };
}

/**
 * Tabs from the page's top through every control to its end, then Shift+Tabs back up: each control of the page's
 * content is wholly below the header the moment it has the focus, and no control but the header's own has the
 * header at its centre. No wait: the page scrolls to the focus at once (bootstrap.scss has no smooth scrolling), so
 * what is read after the key is where the focus stays. (With smooth scrolling the focus sat under the header while
 * the page glided, and a test guessing when the glide ended read it at random.)
 */
async function expectFocusNeverUnderHeader(page: Page, what: string): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  let reached = 0;
  for (const key of ["Tab", "Shift+Tab"]) {
    const seen = new Set<string>();
    for (let press = 0; press < 150; press++) {
      await page.keyboard.press(key);
      const focus = await page.evaluate(focusSeen);
      if (focus.what.startsWith("body")) break;
      seen.add(focus.what);
      if (focus.inHeader) continue;
      const where = `${what}, ${key}: ${focus.what}`;
      // The page's content scrolls under the header; the menu beside it and the skip link above it do not.
      if (focus.inMain) expect(focus.top, `${where} starts below the header`).toBeGreaterThanOrEqual(focus.headerBottom);
      expect(focus.covered, `${where}: at its centre is ${focus.atCentre}`).toBe(false);
    }
    reached = Math.max(reached, seen.size);
  }
  // A page longer than the screen: the walk must have scrolled it.
  expect(reached, `${what}: the controls reached`).toBeGreaterThan(10);
}

test("2.4.11: Tab and Shift+Tab through a long page never leave the focus under the sticky header", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  // Someone without an authenticator app yet: the section shows its longest form.
  await signInByApi(page, await newIdentity({ verified: true }));
  await page.goto("/settings/security");
  await waitForApp(page);
  await expect(page.locator('input[name="totp_code"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollHeight), "the page is longer than the screen").toBeGreaterThan(840);
  await expectFocusNeverUnderHeader(page, "Account Settings' security section");
  await page.context().clearCookies();
  const admin = await newIdentity({ roles: ["admin"] });
  const prefix = admin.email.split("@")[0];
  for (let person = 0; person < 8; person++) await newIdentity({ email: `${prefix}-${person}@example.org` });
  await signInWithSecondFactorByApi(page, admin);
  await page.goto(`/manage-users?email=${prefix}&match=prefix`);
  await expect(page.getByRole("row").filter({ hasText: `${prefix}-7@example.org` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollHeight), "the page is longer than the screen").toBeGreaterThan(840);
  await expectFocusNeverUnderHeader(page, "Manage Users");
});

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
