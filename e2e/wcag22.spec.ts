// Issue 48: WCAG 2.2's new criteria that no automatic checker reads. 2.4.11,
// no control the keyboard reaches is under the sticky header; 1.4.11 (not
// new, but no checker reads it), every field's edge is 3:1 against the field
// and against what it sits on, in both themes; 2.5.8, the menu's rail,
// the header's buttons and the lists' buttons are targets of 24 × 24 px at
// least; 3.3.8, every password and code field takes a paste and says what it
// holds (autocomplete), so a password manager or a copied code can fill it.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { settingsPath } from "#contract/settings-sections.js";
import { themeCookieName } from "#contract/theme.js";
import { waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { stack } from "./support/stack.js";
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

/** Each visible, enabled field's border, its own background and the first opaque background behind it, as rgba lists. */
function fieldColours(): { what: string; checked: boolean; border: number[]; fill: number[]; behind: number[] }[] {
  const rgba = (colour: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    return [r, g, b, a];
  };
  const behind = (element: Element | null): number[] => {
    for (let at = element; at; at = at.parentElement) {
      const colour = rgba(getComputedStyle(at).backgroundColor);
      if (colour[3] === 1) return colour;
    }
    return rgba(getComputedStyle(document.documentElement).backgroundColor);
  };
  const fields = document.querySelectorAll<HTMLInputElement>(
    "input:not([type=hidden]):not([type=submit]):not([type=button]):not(:disabled), select:not(:disabled), textarea:not(:disabled)",
  );
  return Array.from(fields)
    .filter((field) => field.checkVisibility() && field.getBoundingClientRect().width > 1)
    .map((field) => ({
      what: `${field.tagName.toLowerCase()} ${field.type} "${field.name || field.getAttribute("aria-label") || ""}"`,
      checked: field.matches(":checked"),
      border: rgba(getComputedStyle(field).borderTopColor),
      fill: rgba(getComputedStyle(field).backgroundColor),
      behind: behind(field.parentElement),
    }));
}

/** WCAG's contrast ratio of a colour (its alpha laid over `under`, which is opaque) against `under`. */
function contrast(colour: number[], under: number[]): number {
  const [r, g, b, a] = colour as [number, number, number, number];
  const laid = [r, g, b].map((channel, index) => channel * a + (under[index] ?? 0) * (1 - a));
  const luminance = (rgb: number[]) => {
    const [lr, lg, lb] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [light, dark] = [luminance(laid), luminance(under)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test("1.4.11: every field's border is 3:1 against the field and the page behind it, light and dark", async ({ page }) => {
  const kinds = new Set<string>();
  const pages = [
    { who: "anyone", paths: ["/login", "/registration"] },
    { who: "a person signed in", paths: [settingsPath("profile"), settingsPath("preferences")] },
  ];
  for (const { who, paths } of pages) {
    if (who !== "anyone") await signInByApi(page, await newIdentity({ verified: true }));
    for (const theme of ["light", "dark"]) {
      await page.context().addCookies([{ name: themeCookieName, value: theme, url: stack.portalOrigin }]);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-bs-theme", theme);
        // When Kratos is slow the page goes out without its data and the app asks for it: measured once it shows.
        // Choices that only the app can make (Preferences' theme) wait disabled for it: measured once they work.
        const first = page.getByRole("main").locator("input:not([type=hidden]), select").first();
        await expect(first).toBeVisible();
        await expect(first).toBeEnabled();
        // A focused field shows the primary colour instead of its border: none is focused.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const fields = await page.evaluate(fieldColours);
        expect(fields.length, `${path}, ${theme}: fields`).toBeGreaterThan(0);
        for (const field of fields) {
          kinds.add(field.what.split(" ").slice(0, 2).join(" "));
          const fill = field.fill[3] === 1 ? field.fill : field.behind;
          const where = `${path}, ${theme}: ${field.what}'s border`;
          // A ticked box is filled with its border's colour: then the box is one shape, seen against the page.
          if (!field.checked) expect(contrast(field.border, fill), `${where} against the field`).toBeGreaterThanOrEqual(3);
          expect(contrast(field.border, field.behind), `${where} against the page`).toBeGreaterThanOrEqual(3);
        }
      }
    }
  }
  expect([...kinds].sort(), "the kinds of field measured").toEqual(
    expect.arrayContaining(["input email", "input password", "input radio", "select select-one"]),
  );
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
