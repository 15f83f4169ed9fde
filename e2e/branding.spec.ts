// Issue 36: an operator's branding from configuration (docs/branding.md), on a
// portal of its own: their product's name, logo, mark (with a dark variant),
// primary colour, support contact and legal links show on /login, in the
// signed-in shell and in the portal's mail; screenshots of each are attached
// to the test's output. Its terms of service are asked for too. WCAG 3.2.6
// Consistent Help: the help is in the same place on every page of a kind.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page, TestInfo } from "@playwright/test";
import type { AccountExport } from "#contract/schemas/account.js";
import { createIdentity } from "../testing/identities.js";
import type { TestStack } from "../stack/test-stack.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, signInWithPassword } from "./support/flows.js";
import { signInWithSecondFactorByApi } from "./support/identities.js";
import { waitForMail } from "./support/mail.js";
import { startPrivateStack } from "./support/private-stack.js";
import { expect, test as base } from "./support/test.js";

const file = (name: string) => fileURLToPath(new URL(`../testing/branding/${name}`, import.meta.url));

const primary = "#7a1f5c";
const primaryRgb = "rgb(122, 31, 92)";
const support = "help@rechenwerk.example";

const test = base.extend<object, { branded: TestStack }>({
  branded: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stack = await startPrivateStack({
        portalEnv: {
          OPERATOR_TEXTS_FILE: file("texts.json"),
          BRAND_LOGO: file("logo.svg"),
          BRAND_MARK: file("mark.svg"),
          BRAND_MARK_DARK: file("mark-dark.svg"),
          BRAND_PRIMARY_COLOR: primary,
          BRAND_SUPPORT: support,
          TERMS_URL: "https://rechenwerk.example/terms",
          PRIVACY_URL: "https://rechenwerk.example/privacy",
          TERMS_VERSION: "2026-01",
        },
      });
      await use(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ branded }, use) => {
    await use(branded.portalOrigin);
  },
});

test.describe.configure({ timeout: 90_000 });

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

/** Whether an image was fetched and drawn (a broken or refused image has no natural width). */
const drawn = (page: Page, name: string) =>
  page.getByRole("img", { name }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

test("/login shows the operator's name, logo, colour and links, in either theme", async ({ page }, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page).toHaveTitle("Rechenwerk");
  const logo = page.getByRole("img", { name: "Rechenwerk" });
  await expect(logo).toBeVisible();
  expect(await drawn(page, "Rechenwerk"), "the logo is served from the portal under its CSP").toBe(true);
  await expect(logo).toHaveAttribute("src", /^\/branding\/logo-light\.[0-9a-f]{16}\.svg$/);
  await expect(page.getByRole("button", { name: "Sign in with password" })).toHaveCSS("background-color", primaryRgb);

  const links = page.getByRole("navigation", { name: "About this service" });
  await expect(links.getByRole("link", { name: "Help" })).toHaveAttribute("href", `mailto:${support}`);
  await expect(links.getByRole("link", { name: "Terms of service" })).toHaveAttribute("href", "https://rechenwerk.example/terms");
  await expect(links.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "https://rechenwerk.example/privacy");
  await expectAccessible(page);
  await attachScreenshot(page, testInfo, "login-light");

  // Dark: the links take a tint of the colour that reads on the dark background; axe checks the contrast.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(links.getByRole("link", { name: "Help" })).not.toHaveCSS("color", primaryRgb);
  await expectAccessible(page);
  await attachScreenshot(page, testInfo, "login-dark");
});

test("the shell shows the operator's mark and name, and the portal's mail is signed with them", async ({ page, branded }, testInfo) => {
  const user = await createIdentity(branded.adminUrl, { verified: true });
  await signInWithPassword(page, user.email, user.password);
  // An account made before the terms: asked once, on a page with the same brand.
  await expect(page.getByRole("heading", { name: "Updated terms of service" })).toBeVisible();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  const brand = menu(page).getByText("Rechenwerk", { exact: true });
  await expect(brand).toBeVisible();
  const marks = menu(page).locator("img.brand-mark");
  await expect(marks.locator("visible=true")).toHaveAttribute("src", /^\/branding\/mark-light\.[0-9a-f]{16}\.svg$/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(marks.locator("visible=true")).toHaveAttribute("src", /^\/branding\/mark-dark\.[0-9a-f]{16}\.svg$/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Help" })).toHaveAttribute("href", `mailto:${support}`);

  await page.goto("/changepwd");
  const card = page.getByRole("region", { name: "Change password" });
  await expect(card.getByLabel("Password")).toBeVisible();
  // A signed-in page's title names the page (page-title.ts); the product's name heads the menu.
  await expect(page).toHaveTitle("Recovery");
  await expect(menu(page).getByText("Rechenwerk", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await attachScreenshot(page, testInfo, "shell");

  const since = Date.now();
  await card.getByLabel("Password").fill(`Pw-${randomUUID()}`);
  await card.getByRole("button", { name: "Save" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(card.getByRole("status").filter({ hasText: "Your password was changed." })).toBeFocused();
  const mail = await waitForMail(user.email, /^Your password was changed$/, since, branded.mailUrl);
  expect(mail.text.trimEnd()).toMatch(new RegExp(`\\n\\n-- \\nRechenwerk\\nHelp: ${support.replace(/\./g, "\\.")}$`));

  // The mail as MailDev received it, beside the pages.
  const mailPage = await page.context().newPage();
  await mailPage.goto(`${branded.mailUrl}/email/${mail.id}/source`);
  await expect(mailPage.getByText("Rechenwerk", { exact: false }).first()).toBeVisible();
  await attachScreenshot(mailPage, testInfo, "mail");
  await mailPage.close();
});

test("who does not accept new terms still downloads their data and deletes the account, from the terms page", async ({ page, branded }) => {
  const user = await createIdentity(branded.adminUrl, { verified: true });
  await signInWithPassword(page, user.email, user.password);
  await expect(page.getByRole("heading", { name: "Updated terms of service" })).toBeVisible();
  await expect(page.getByText("If you do not accept them, you can still download your data or delete your account here.")).toBeVisible();
  await expectAccessible(page);

  const download = page.getByRole("region", { name: "Download my data" }).getByRole("button", { name: "Download my data" });
  await expect(download).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const data = JSON.parse(readFileSync(await file.path(), "utf8")) as AccountExport;
  expect(data.account.traits).toMatchObject({ email: user.email });

  const remove = page.getByRole("region", { name: "Delete account" });
  await remove.getByLabel(/To confirm, type your email address/).fill(user.email);
  await remove.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login\?notice=deleted/);
  await expect(page.getByText("Your account was deleted.", { exact: false })).toBeVisible();
});

/**
 * The page's landmarks outside its main content, in the order a reader meets them: each by its element, its label,
 * and the landmark it sits in. Only those shown count: a folded menu's copy is not where anyone finds help.
 */
function landmarksInOrder(): string[] {
  const main = document.querySelector("main");
  return Array.from(document.querySelectorAll<HTMLElement>("header, nav, main, aside, footer"))
    .filter((element) => (element === main || !main?.contains(element)) && element.checkVisibility())
    .map((element) => {
      const within = element.parentElement?.closest("header, nav, aside, footer");
      const label = element.getAttribute("aria-label");
      return `${within ? `${within.tagName.toLowerCase()} › ` : ""}${element.tagName.toLowerCase()}${label ? ` "${label}"` : ""}`;
    });
}

test("3.2.6: the operator's help is the same link, in the same place after the page's content, on every page of a kind", async ({
  page,
  branded,
}) => {
  const links = [
    ["Help", `mailto:${support}`],
    ["Terms of service", "https://rechenwerk.example/terms"],
    ["Privacy policy", "https://rechenwerk.example/privacy"],
  ];
  /** Where the page has its help: the operator's links, and the landmarks around them. */
  async function helpOn(path: string, ready: () => Promise<void>): Promise<string[]> {
    await page.goto(path);
    await ready();
    const about = page.getByRole("navigation", { name: "About this service" });
    await expect(about.getByRole("link"), path).toHaveText(links.map(([name]) => name));
    expect(await about.getByRole("link").evaluateAll((shown) => shown.map((link) => link.getAttribute("href"))), path).toEqual(
      links.map(([, href]) => href),
    );
    await expect(page.getByRole("link", { name: "Help" }), `${path}: one help link`).toHaveCount(1);
    return page.evaluate(landmarksInOrder);
  }
  const heading = (name: string) => () => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Public pages: the links right under the card, the last thing on the page.
  const publicPages = [
    ["/login", "Sign in"],
    ["/registration", "Create account"],
    ["/recovery", "Recover your account"],
  ] as const;
  for (const [path, name] of publicPages) {
    expect(await helpOn(path, heading(name)), path).toEqual(["header", "main", 'nav "About this service"']);
  }

  // Signed-in pages, an admin's among them: the links in the footer, after the page's content.
  const admin = await createIdentity(branded.adminUrl, { verified: true, roles: ["admin"] });
  await signInWithSecondFactorByApi(page, admin, branded.portalOrigin);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Accept and continue" }).click();
  // The app goes on to Account Settings once the acceptance is saved: opening a page sooner would race it.
  await heading("Account Settings")();
  // The footer as the app draws it, with the session's end, which only the browser's time zone can say.
  const app = (name: string) => async () => {
    await heading(name)();
    await expect(page.getByRole("contentinfo").getByText(/^Your session is valid until /)).toBeVisible();
  };
  const shellPages = [
    ["/settings", "Account Settings"],
    ["/verification", "Verify Account"],
    ["/changepwd", "Recovery"],
    ["/manage-users", "Manage Users"],
  ] as const;
  for (const [path, name] of shellPages) {
    expect(await helpOn(path, app(name)), path).toEqual([
      'nav "Main menu"',
      "header",
      "main",
      "footer",
      'footer › nav "About this service"',
    ]);
  }
});
