// Issue 20: every page fits a phone's 360 px wide screen without sideways
// scrolling, the public pages and the signed-in ones (the admin's included);
// a table's last column is on screen, and the side menu's panel runs the
// page's whole length.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { menu, publicPages } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: the page's width`).toBeLessThanOrEqual(innerWidth);
}

/** Every part of the element lies within the screen's width. */
async function expectOnScreen(what: string, element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(360);
}

test("the public pages fit 360 px", async ({ page }) => {
  for (const [path, heading] of publicPages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
    await expect(page.getByRole("combobox", { name: "Theme" })).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  await saveScreenshot(page, "phone-error");
});

test("a user's pages fit 360 px; the sessions table shows every column and the menu's panel runs the page's length", async ({
  browser,
}) => {
  const user = await newIdentity({ verified: true, name: { first: "Maximiliane", last: "Oberhauser-Wittgenstein" } });
  // A second session, so that the table has a row with its Sign out button.
  const elsewhere = await (await browser.newContext()).newPage();
  await signInByApi(elsewhere, user);
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInByApi(page, user);

  for (const [path, heading] of [
    ["/verification", "Verify"],
    ["/changepwd", "Recovery"],
    ["/manage-clients", "Not allowed"],
    ["/no-such-page", "Page not found"],
    ["/settings", "Account Settings"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
    await expect(menu(page)).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }

  // Hydra's consent page stands alone, like the public pages (here without a request to answer).
  await page.goto("/consent");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("The application's request cannot be answered");
  await expectNoSidewaysScroll(page, "/consent");

  await page.goto("/settings/devices");
  const sessions = page.getByRole("region", { name: "Active sessions" });
  await expect(sessions.getByRole("button", { name: /^Sign out the session on/ })).toBeVisible();
  await expectNoSidewaysScroll(page, "/settings/devices with its lists");
  // No table hides a column behind a scroll of its own: every column is on screen.
  const tables = page.getByRole("table");
  expect(await tables.count()).toBeGreaterThan(0);
  for (const table of await tables.all()) {
    const name = (await table.getAttribute("aria-label")) ?? "a table";
    await expectOnScreen(name, table);
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth), name).toBeLessThanOrEqual(0);
  }
  await expectOnScreen("the other session's Sign out", sessions.getByRole("button", { name: /^Sign out the session on/ }));
  await saveScreenshot(page, "phone-settings");

  // The menu's panel runs from under the header to the end of the long page, not one screen's height.
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight, "the page is longer than the screen").toBeGreaterThan(740);
  const header = (await page.getByRole("banner").boundingBox())!;
  const panel = (await menu(page).boundingBox())!;
  expect(panel.y, "the panel's top edge").toBeLessThanOrEqual(header.y + header.height);
  expect(panel.y + panel.height, "the panel's bottom edge").toBeGreaterThanOrEqual(pageHeight - 1);
  // Scrolled to the end, its links are still on screen.
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await expect(menu(page).getByRole("link", { name: "Account Settings" })).toBeInViewport();
});

test("an admin's Manage Clients fits 360 px", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  await page.goto("/manage-clients");
  await expect(page.getByRole("heading", { name: "Manage Clients" })).toBeVisible();
  await expectNoSidewaysScroll(page, "/manage-clients");
  await page.getByRole("button", { name: "New client" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSidewaysScroll(page, "the new client dialog");
  await saveScreenshot(page, "phone-manage-clients-dialog");
});
