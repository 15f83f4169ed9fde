// Issue 34: the page the server sends is laid out as it stays, before any script runs. On a phone the
// narrow layout is the stylesheet's (the menu folded to its rail beside the page, the header across the
// width), and on a wide screen the menu is folded where the reader folded it, from the cookie the server
// reads. With scripts off, what is measured is the server's page alone; with them, the app hydrates that
// page without a warning (support/test.ts fails a test on any) and without moving it.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { collapsedMenu, menuCookieName } from "#contract/menu.js";
import { menu, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Signed-in pages the server renders, each with its heading. */
const signedInPages = [
  ["/settings", "Account Settings"],
  ["/settings/devices", "Account Settings"],
  ["/verification", "Verify Account"],
  ["/changepwd", "Recovery"],
] as const;

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** The menu's width, and where the page's main column starts and ends. */
  menu: number;
  main: { left: number; right: number };
  header: { left: number; right: number };
}

async function layoutOf(page: Page): Promise<Layout> {
  const menuBox = (await menu(page).boundingBox())!;
  const mainBox = (await page.getByRole("main").boundingBox())!;
  const headerBox = (await page.getByRole("banner").boundingBox())!;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return {
    scrollWidth,
    innerWidth,
    menu: menuBox.width,
    main: { left: mainBox.x, right: mainBox.x + mainBox.width },
    header: { left: headerBox.x, right: headerBox.x + headerBox.width },
  };
}

/** A phone's layout: nothing scrolls sideways, the menu is its 60 px rail, the page beside it and the header across. */
function expectPhoneLayout(layout: Layout, what: string): void {
  expect(layout.scrollWidth, `${what}: the page's width`).toBeLessThanOrEqual(layout.innerWidth);
  expect(layout.menu, `${what}: the folded menu`).toBe(60);
  expect(layout.main.left, `${what}: the page starts beside the menu`).toBe(60);
  expect(layout.main.right, `${what}: and ends at the screen's edge`).toBe(layout.innerWidth);
  expect(layout.header, `${what}: the header spans the screen`).toEqual({ left: 0, right: layout.innerWidth });
}

async function foldMenuByCookie(page: Page): Promise<void> {
  await page.context().addCookies([{ name: menuCookieName, value: collapsedMenu, url: stack.portalOrigin }]);
}

test.describe("before any script", () => {
  test.use({ javaScriptEnabled: false, viewport: phone });

  test("a phone's signed-in pages come folded to the rail, the page beside it, nothing wider than the screen", async ({ page }) => {
    await signInByApi(page, await newIdentity({ name: { first: "Maximiliane", last: "Oberhauser-Wittgenstein" } }));
    for (const [path, heading] of signedInPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
      await expect(page.getByRole("main"), path).toBeInViewport();
      expectPhoneLayout(await layoutOf(page), path);
    }
    await saveScreenshot(page, "phone-before-script");
  });

  test("a phone's /login is no wider than the screen", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeInViewport();
    await expect(page.getByLabel("Email")).toBeInViewport();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  test("at 1280 px the menu comes as the reader left it: folded with the cookie, expanded without", async ({ page }) => {
    await page.setViewportSize(desktop);
    await signInByApi(page, await newIdentity());
    await page.goto("/settings");
    await expect(menu(page)).toBeVisible();
    expect((await layoutOf(page)).menu, "without the cookie").toBe(200);

    await foldMenuByCookie(page);
    await page.goto("/settings");
    const layout = await layoutOf(page);
    expect(layout.menu, "with the cookie").toBe(60);
    expect(layout.main.left, "the page starts beside the folded menu").toBe(60);
    await saveScreenshot(page, "desktop-folded-before-script");
  });
});

test.describe("with the app", () => {
  test("on a phone the app hydrates the server's page as it was drawn", async ({ page }) => {
    await page.setViewportSize(phone);
    await signInByApi(page, await newIdentity());
    for (const [path, heading] of signedInPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
      expectPhoneLayout(await layoutOf(page), `${path}, first paint`);
      await waitForApp(page);
      expectPhoneLayout(await layoutOf(page), `${path}, with the app`);
    }
    // The menu opens over the page for the moment, and folds again after a link.
    await page.getByRole("button", { name: "Expand menu" }).click();
    await expect.poll(async () => (await layoutOf(page)).menu).toBe(200);
    expect((await layoutOf(page)).main.left, "over the page, not pushing it").toBe(60);
    await menu(page).getByRole("link", { name: "Account Settings" }).click();
    await expect(page).toHaveURL(/\/settings(\?|$)/);
    await expect.poll(async () => (await layoutOf(page)).menu).toBe(60);
    await expect(page.getByRole("button", { name: "Expand menu" })).toBeVisible();
  });

  test("at 1280 px with the cookie the app hydrates the folded menu, which one click expands", async ({ page }) => {
    await page.setViewportSize(desktop);
    await signInByApi(page, await newIdentity());
    await foldMenuByCookie(page);
    await page.goto("/settings");
    // No moment of an expanded menu: the first paint is folded, and the app keeps it so.
    expect((await layoutOf(page)).menu).toBe(60);
    await waitForApp(page);
    expect((await layoutOf(page)).menu).toBe(60);
    await page.getByRole("button", { name: "Expand menu" }).click();
    await expect.poll(async () => (await layoutOf(page)).menu).toBe(200);
    expect((await page.context().cookies()).find((cookie) => cookie.name === menuCookieName)).toBeUndefined();
  });
});
