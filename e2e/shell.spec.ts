// The account shell (side menu, header, session gate, toasts) in real Chromium against the real stack.
import type { Cookie, Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { menuCookieName } from "#contract/menu.js";
import { createIdentity } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { waitForApp } from "./support/flows.js";
import { startPrivateStack } from "./support/private-stack.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expectToastClosed } from "./support/toasts.js";

const menu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });

/** The menu's items, in order, with the Logout button at the bottom. */
async function expectMenu(page: Page, labels: string[]): Promise<void> {
  const items = menu(page)
    .getByRole("link")
    .or(menu(page).getByRole("button", { name: "Logout" }));
  await expect(items).toHaveText(labels);
}

async function menuCookie(page: Page): Promise<Cookie | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === menuCookieName);
}

async function sidebarWidth(page: Page): Promise<number> {
  return (await menu(page).boundingBox())!.width;
}

test("a signed-out visit goes to /login and comes back there after signing in", async ({ page }) => {
  const user = await newIdentity();
  // Not /settings: that is also where Kratos sends a user who has no return_to.
  await page.goto("/verification");
  await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("return_to")?.endsWith("/verification") === true);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in with password" }).click();

  await expect(page).toHaveURL(/\/verification(\?|$)/);
  await expect(menu(page)).toBeVisible();
});

test("the page comes with the session check's answer: the shell shows without asking again", async ({ page }) => {
  await signInByApi(page, await newIdentity());
  const checks: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/session") checks.push(request.url());
  });
  await page.goto("/settings");
  await expect(menu(page)).toBeVisible();
  expect(checks, "no session check of the app's own").toEqual([]);
});

test("the spinner shows until the session check ends, when the page came without its answer", async ({ page }) => {
  await signInByApi(page, await newIdentity());
  // As when Kratos was too slow while the page was made: the server renders no signed-in page without the
  // session's answer (routes/app-page.ts), so the page holds neither the shell nor its data, and the app asks.
  await page.route("**/settings", async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/(<div id="root">)[\s\S]*<\/div>(?=\s*<script)/, "$1</div>")
      .replace(
        /(<script type="application\/json" id="portal-boot">)(.*?)(<\/script>)/,
        (_all, open: string, json: string, close: string) => {
          const { session: _session, hydration: _hydration, ...rest } = JSON.parse(json) as { session?: unknown; hydration?: unknown };
          return `${open}${JSON.stringify(rest).replace(/</g, "\\u003c")}${close}`;
        },
      );
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('id="portal-boot"');
    expect(html).not.toContain('"session":');
    await route.fulfill({ response, body: html });
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/session", async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/settings");
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(menu(page)).toHaveCount(0);

  release();
  await expect(menu(page)).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
});

test("the menu, the header and the active item for a signed-in user", async ({ page }) => {
  const user = await newIdentity({ name: { first: "Grace", last: "Hopper" } });
  await signInByApi(page, user);
  await page.goto("/");

  await expect(page).toHaveURL(/\/settings(\?|$)/);
  await expectMenu(page, ["Verify Account", "Account Settings", "Recovery", "Logout"]);
  await expect(menu(page).getByRole("link", { name: "Account Settings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("banner")).toContainText("Grace Hopper");

  await menu(page).getByRole("link", { name: "Verify Account" }).click();
  await expect(page).toHaveURL(/\/verification(\?|$)/);
  await expect(menu(page).getByRole("link", { name: "Verify Account" })).toHaveAttribute("aria-current", "page");

  await menu(page).getByRole("link", { name: "Recovery" }).click();
  await expect(page).toHaveURL(/\/changepwd(\?|$)/);
  await expectAccessible(page);
  await saveScreenshot(page, "shell");
});

/** The side menu's choice as the product's spec keeps it: localStorage's Collapsed key. */
const storedChoice = (page: Page) => page.evaluate(() => localStorage.getItem("Collapsed"));

test("the menu collapses to 60 px and expands to 200 px, and the choice survives a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page, await newIdentity());
  await page.goto("/settings");
  await expect(menu(page)).toBeVisible();
  expect(await sidebarWidth(page)).toBe(200);

  await page.getByRole("button", { name: "Collapse menu" }).click();
  await expect.poll(() => sidebarWidth(page)).toBe(60);
  await expect(menu(page).getByRole("link", { name: "Account Settings" })).toBeVisible();
  await menu(page).getByRole("link", { name: "Account Settings" }).hover();
  await expect(page.getByRole("tooltip", { name: "Account Settings" })).toBeVisible();
  expect(await menuCookie(page)).toMatchObject({ value: "collapsed", path: "/", sameSite: "Lax", httpOnly: false });
  expect((await menuCookie(page))!.expires * 1000 - Date.now(), "kept a year").toBeGreaterThan(364 * 24 * 3600_000);
  expect(await storedChoice(page), "and under the spec's key").toBe("true");
  await saveScreenshot(page, "shell-collapsed");

  // The choice is in the cookie the server reads: its page has the menu folded from the first paint.
  await page.reload();
  await expect(menu(page)).toBeVisible();
  expect(await sidebarWidth(page)).toBe(60);

  await waitForApp(page);
  await page.getByRole("button", { name: "Expand menu" }).click();
  await expect.poll(() => sidebarWidth(page)).toBe(200);
  expect(await menuCookie(page)).toBeUndefined();
  expect(await storedChoice(page)).toBe("false");
  await page.reload();
  await expect(menu(page)).toBeVisible();
  expect(await sidebarWidth(page)).toBe(200);
  await waitForApp(page);
  expect(await storedChoice(page), "the app keeps the key as it finds it").toBe("false");
});

test("the Collapsed key folds the menu again where its cookie is gone, and the cookie comes back", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page, await newIdentity());
  await page.goto("/settings");
  await waitForApp(page);
  await page.getByRole("button", { name: "Collapse menu" }).click();
  await expect.poll(() => sidebarWidth(page)).toBe(60);
  await page.context().clearCookies({ name: menuCookieName });

  await page.reload();
  await waitForApp(page);
  await expect.poll(() => sidebarWidth(page)).toBe(60);
  expect(await menuCookie(page)).toMatchObject({ value: "collapsed" });
  expect(await storedChoice(page)).toBe("true");
  // From the cookie again: the server's page is folded from the first paint.
  await page.reload();
  expect(await sidebarWidth(page)).toBe(60);
});

test("on a narrow screen the menu starts collapsed and nothing overflows", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInByApi(page, await newIdentity());
  await page.goto("/settings");
  // The narrow layout is the stylesheet's: the server's page is drawn folded, before the app runs.
  await expect(menu(page)).toBeVisible();
  expect(await sidebarWidth(page)).toBe(60);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, "shell-narrow");
});

test("a toast appears at the top right and is gone after about a second", async ({ browser, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await newIdentity();
  await signInByApi(page, user);
  // Another device's session, whose sign-out from Active sessions raises a toast.
  const device = await browser.newContext();
  await signInByApi(await device.newPage(), user);
  await page.goto("/settings/devices");
  await waitForApp(page);
  await page.getByRole("button", { name: "Sign out all other sessions" }).click();

  // Where it stood and how long it stayed, as the page recorded them (a look from here could come too late).
  const toast = await expectToastClosed(page, "Signed out 1 other session.");
  expect(toast.right, "distance from the right edge").toBeLessThan(40);
  expect(toast.top, "distance from the top").toBeLessThan(120);
  const shownFor = toast.hiddenAt! - toast.shownAt;
  expect(shownFor, "how long the toast stayed").toBeGreaterThanOrEqual(1000);
  expect(shownFor, "how long the toast stayed").toBeLessThan(5000);
  await expect(page.getByRole("table", { name: "Your sessions" }).getByRole("row")).toHaveCount(2);
  await device.close();
});

test("Logout asks first; Cancel stays, Confirm signs out", async ({ page }) => {
  await signInByApi(page, await newIdentity());
  await page.goto("/settings");
  const logout = menu(page).getByRole("button", { name: "Logout" });

  await logout.click();
  const dialog = page.getByRole("dialog", { name: "Notification" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Are you sure want to exit the system ?");
  await expectAccessible(page);
  await saveScreenshot(page, "logout-confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();
  await expect(page).toHaveURL(/\/settings(\?|$)/);

  await logout.click();
  await page.getByRole("dialog", { name: "Notification" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/api/session")).status()).toBe(401);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?/);
});

test("an admin sees Manage Clients and Manage Users; anyone else does not and is refused there", async ({ browser }) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signInWithSecondFactorByApi(adminPage, await newIdentity({ roles: ["admin"] }));
  await adminPage.goto("/settings");
  await expectMenu(adminPage, ["Verify Account", "Account Settings", "Recovery", "Manage Clients", "Manage Users", "Logout"]);
  await menu(adminPage).getByRole("link", { name: "Manage Clients" }).click();
  await expect(adminPage.getByRole("heading", { name: "Manage Clients" })).toBeVisible();

  const userPage = await (await browser.newContext()).newPage();
  await signInByApi(userPage, await newIdentity({ roles: ["viewer"] }));
  await userPage.goto("/manage-clients");
  await expect(userPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(userPage.getByRole("heading", { name: "Manage Clients" })).toHaveCount(0);
  await expect(menu(userPage).getByRole("link", { name: "Manage Clients" })).toHaveCount(0);
  await expect(menu(userPage).getByRole("link", { name: "Manage Users" })).toHaveCount(0);
  await expectAccessible(userPage);
  await userPage.goto("/manage-users");
  await expect(userPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(userPage.getByRole("heading", { name: "Manage Users" })).toHaveCount(0);
});

test("with the identity service stopped the portal says so, and recovers when it is back", async ({ page }) => {
  test.setTimeout(120_000);
  const stack = await startPrivateStack();
  try {
    const user = await createIdentity(stack.adminUrl);
    await page.goto(`${stack.portalOrigin}/login`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in with password" }).click();
    await expect(menu(page)).toBeVisible();
    await expect(page.getByLabel("First name"), "the settings page has loaded its flow").toBeVisible();

    await stack.stopKratos();
    await page.goto(`${stack.portalOrigin}/settings`);
    await expect(page.getByRole("heading", { name: "Identity service unavailable" })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "identity-service-unavailable");

    // The page retries every 5 s by itself: by the time Kratos answers its health
    // check it may already be back, so the test waits for that instead of racing
    // it to the Retry button (which the web unit tests click).
    await stack.startKratos();
    await expect(menu(page)).toBeVisible();
    await expect(page).toHaveURL(/\/settings(\?|$)/);
  } finally {
    await stack.stop();
  }
});
