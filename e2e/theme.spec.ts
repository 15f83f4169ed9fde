// Issue 20, dark mode: light, dark, or as the system prefers (the default).
// "As my system" is the stylesheet's own doing; an explicit choice is a cookie
// the server writes into the first HTML as data-bs-theme, so the page never
// shows in the other colours first. axe checks the contrast in both themes.
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { themeCookieName } from "#contract/theme.js";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, publicPages } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";

/** The page's background (--bs-tertiary-bg of bootstrap.scss) in each theme. */
const background = { light: "rgb(244, 246, 249)", dark: "rgb(24, 27, 30)" };

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const htmlTheme = (page: Page) => page.locator("html").getAttribute("data-bs-theme");
const themeMenu = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: "Theme" });

async function contextWithTheme(browser: Browser, theme: "light" | "dark", options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: themeCookieName, value: theme, url: stack.portalOrigin }]);
  return context;
}

async function themeCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === themeCookieName)?.value;
}

test.describe("as my system, on a system that prefers dark", () => {
  test.use({ colorScheme: "dark" });

  test("the public pages are dark without a choice, and accessible", async ({ page }) => {
    for (const [path, heading] of publicPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
      expect(await htmlTheme(page), path).toBeNull();
      expect(await pageBackground(page), path).toBe(background.dark);
      await expect(themeMenu(page)).toHaveValue("system");
      await expectAccessible(page);
    }
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeEditable();
    await saveScreenshot(page, "login-dark");
  });

  test("the shell follows the system, and an explicit Light wins over it", async ({ page }) => {
    await signInByApi(page, await newIdentity({ verified: true }));
    await page.goto("/settings");
    await expect(menu(page)).toBeVisible();
    await expect(page.getByLabel("First name")).toBeEditable();
    expect(await pageBackground(page)).toBe(background.dark);
    await expectAccessible(page);
    await saveScreenshot(page, "settings-dark-system");

    await themeMenu(page).selectOption({ label: "Light" });
    await expect(page.locator("html")).toHaveAttribute("data-bs-theme", "light");
    expect(await pageBackground(page)).toBe(background.light);
    expect(await themeCookie(page)).toBe("light");
    await expectAccessible(page);

    // The same choice in Account Settings' Preferences, back to the system's.
    await page.getByRole("navigation", { name: "Sections of Account Settings" }).getByRole("link", { name: "Preferences" }).click();
    await expect(page).toHaveURL(/\/settings\/preferences$/);
    const appearance = page.getByRole("region", { name: "Appearance" });
    await expect(appearance.getByRole("radio", { name: "Light" })).toBeChecked();
    await appearance.getByRole("radio", { name: "As my system" }).check();
    await expect(page.locator("html")).not.toHaveAttribute("data-bs-theme", /.*/);
    await expect(themeMenu(page)).toHaveValue("system");
    expect(await pageBackground(page)).toBe(background.dark);
    expect(await themeCookie(page)).toBeUndefined();
  });
});

test("the light theme by default on a light system: /login", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeEditable();
  expect(await pageBackground(page)).toBe(background.light);
  await expectAccessible(page);
  await saveScreenshot(page, "login-light");
});

test("Dark chosen in the menu: every signed-in page and the dialog are dark and accessible; the toast keeps its colours", async ({
  browser,
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  const user = await newIdentity({ verified: true });
  await signInByApi(page, user);
  await page.goto("/settings/preferences");
  await expect(page.getByRole("region", { name: "Appearance" }).getByRole("radio", { name: "As my system" })).toBeEnabled();
  expect(await pageBackground(page)).toBe(background.light);

  await themeMenu(page).selectOption({ label: "Dark" });
  await expect(page.locator("html")).toHaveAttribute("data-bs-theme", "dark");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "dark");
  expect(await pageBackground(page)).toBe(background.dark);
  expect(await themeCookie(page)).toBe("dark");
  await expect(page.getByRole("region", { name: "Appearance" }).getByRole("radio", { name: "Dark" })).toBeChecked();
  await expectAccessible(page);
  await saveScreenshot(page, "settings-dark");

  // The choice holds on every page, from the first HTML on.
  for (const [path, heading] of [
    ["/verification", "Verify Account"],
    ["/changepwd", "Recovery"],
    ["/consent", "The application's request cannot be answered"],
    ["/settings", "Account Settings"],
  ] as const) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('data-bs-theme="dark"');
    expect(html, path).toContain('<meta name="color-scheme" content="dark"');
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
    await expect(themeMenu(page)).toHaveValue("dark");
    expect(await pageBackground(page), path).toBe(background.dark);
    await expectAccessible(page);
  }

  // The toast keeps its colours in either theme: white on green. Signing out another device's session raises one.
  const device = await browser.newContext();
  await signInByApi(await device.newPage(), user);
  await page.goto("/settings/devices");
  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  const toast = page.getByText("Signed out 1 other session.");
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(toast.locator("xpath=..")).toHaveCSS("background-color", "rgb(25, 135, 84)");

  await menu(page).getByRole("button", { name: "Logout" }).click();
  const dialog = page.getByRole("dialog", { name: "Notification" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "logout-confirm-dark");
  await device.close();
});

test("with the cookie, the first HTML is dark before any script runs", async ({ browser }) => {
  const context = await contextWithTheme(browser, "dark", { colorScheme: "light", javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto("/login");
  const html = await answer!.text();
  expect(html).toMatch(/<html [^>]*data-bs-theme="dark"/);
  expect(html).toContain('<meta name="color-scheme" content="dark"');
  await expect(page.getByLabel("Email")).toBeEditable();
  expect(await pageBackground(page)).toBe(background.dark);
  // A value the portal does not know is no choice: the page follows the system.
  await context.addCookies([{ name: themeCookieName, value: '"><script>', url: stack.portalOrigin }]);
  const other = await (await page.request.get("/login")).text();
  expect(other).not.toContain("data-bs-theme");
  expect(other).toContain('<meta name="color-scheme" content="light dark"');
  await context.close();
});

test("an admin's Manage Clients and its dialog in dark", async ({ browser }) => {
  const context = await contextWithTheme(browser, "dark");
  const page = await context.newPage();
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  await page.goto("/manage-clients");
  await expect(page.getByRole("heading", { name: "Manage Clients" })).toBeVisible();
  expect(await pageBackground(page)).toBe(background.dark);
  await expectAccessible(page);
  await page.getByRole("button", { name: "New client" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "manage-clients-dialog-dark");
  await context.close();
});
