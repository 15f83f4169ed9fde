// Manage Users and Manage Clients as an admin sees them on a desktop and on a
// phone, in both themes and in Arabic: every column and every row's link on
// screen, no table that scrolls sideways at 1280 px, no word broken inside
// (an address wraps after its "@" or before a dot, a part longer than a line
// where it must), and the badges of every kind readable (axe's contrast
// check, with an admin, a person with roles, a deactivated person and an
// invitee in the list).
import { randomUUID } from "node:crypto";
import { Configuration, IdentityApi, OAuth2Api } from "@ory/client";
import type { Browser, Locator, Page } from "@playwright/test";
import { languageCookie } from "#contract/languages.js";
import { themeCookieName } from "#contract/theme.js";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { newIdentity, signInWithSecondFactorByApi, type TestIdentity } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";

const screens = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;
const looks = [
  { theme: "light", language: "en" },
  { theme: "dark", language: "en" },
  { theme: "light", language: "ar" },
] as const;

/** People whose addresses share a beginning, so that one search lists them all: every kind of badge among them. */
async function people(admin: TestIdentity, page: Page): Promise<string> {
  const prefix = `layout-${randomUUID().slice(0, 8)}`;
  const address = (who: string) => `${prefix}-${who}.oberhauser-wittgenstein@institute.example.org`;
  await newIdentity({ email: address("admin"), roles: ["admin"], verified: true, name: { first: "Grace", last: "Hopper" } });
  await newIdentity({ email: address("roles"), roles: ["admin", "auditor"], name: { first: "Ada", last: "Lovelace" } });
  const inactive = await newIdentity({ email: address("inactive"), name: { first: "Maximiliane", last: "Oberhauser-Wittgenstein" } });
  await new IdentityApi(new Configuration({ basePath: stack.kratosAdminUrl })).patchIdentity({
    id: inactive.id,
    jsonPatch: [{ op: "replace", path: "/state", value: "inactive" }],
  });
  const invited = await page.request.post(`${stack.portalOrigin}/api/invitations`, {
    headers: { Origin: stack.portalOrigin },
    data: { email: address("invitee"), first_name: "Katherine", last_name: "Johnson", language: "en", roles: ["admin"], notify: false },
  });
  expect(invited.status(), `an invitation by ${admin.email}`).toBe(201);
  // An address as long before its "@" as there may be (64 letters): it must not widen its table past the screen.
  const longest = await page.request.post(`${stack.portalOrigin}/api/invitations`, {
    headers: { Origin: stack.portalOrigin },
    data: { email: `${prefix}-${"l".repeat(64 - prefix.length - 1)}@institute.example.org`, language: "en", roles: [], notify: false },
  });
  expect(longest.status(), "an invitation to the longest address").toBe(201);
  return prefix;
}

async function adminPage(browser: Browser, viewport: { width: number; height: number }): Promise<{ page: Page; prefix: string }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const admin = await newIdentity({ roles: ["admin"] });
  await signInWithSecondFactorByApi(page, admin);
  return { page, prefix: await people(admin, page) };
}

async function look(page: Page, theme: string, language: string): Promise<void> {
  await page
    .context()
    .addCookies(
      [themeCookieName, languageCookie].map((name, index) => ({ name, value: index === 0 ? theme : language, url: stack.portalOrigin })),
    );
}

/** No table scrolls sideways, every row's last cell (its link or actions) lies on screen. */
async function expectTablesFit(page: Page, width: number, what: string): Promise<void> {
  for (const table of await page.locator("table.list-table").all()) {
    const overflow = await table.evaluate((element) => {
      const scroller = element.closest(".table-responsive") ?? element;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    expect(overflow, `${what}: a table wider than its box`).toBeLessThanOrEqual(0);
    for (const cell of await table.locator("tbody tr > td:last-child").all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x, `${what}: a row's last cell's left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what}: a row's last cell's right edge`).toBeLessThanOrEqual(width);
    }
  }
}

/**
 * The words inside the tables' cells that a line break cuts in two (a break after a space or a hyphen, or at a <wbr>,
 * cuts none; a part of an address longer than a line, in .long-word, may break where it must).
 */
async function brokenWords(table: Locator): Promise<string[]> {
  return table.locator("tbody").evaluateAll((bodies) => {
    const broken: string[] = [];
    for (const body of bodies) {
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest(".long-word")) continue;
        const text = node.textContent ?? "";
        const range = document.createRange();
        let previousTop: number | undefined;
        for (let index = 0; index < text.length; index++) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          if (previousTop !== undefined && rect.top > previousTop + 2 && !/[\s-]/.test(text[index - 1]) && !/\s/.test(text[index]))
            broken.push(text);
          previousTop = rect.top;
        }
      }
    }
    return broken;
  });
}

for (const screen of screens) {
  for (const { theme, language } of looks) {
    const what = `${screen.name}, ${theme}, ${language}`;
    test(`Manage Users and Manage Clients fit: ${what}`, async ({ browser }) => {
      const { page, prefix } = await adminPage(browser, screen.viewport);
      const clientName = `Geospatial tiles for ${prefix} institute.example.org`;
      const hydra = new OAuth2Api(new Configuration({ basePath: stack.hydraAdminUrl }));
      const { data: client } = await hydra.createOAuth2Client({
        oAuth2Client: { client_name: clientName, grant_types: ["authorization_code", "refresh_token", "client_credentials"] },
      });
      await look(page, theme, language);

      await page.goto(`/manage-users?email=${prefix}&match=prefix`);
      const people = page.locator("table.list-table").first();
      await expect(people.locator("tbody tr")).toHaveCount(5);
      await expect(page.locator("table.list-table")).toHaveCount(2);
      await expectTablesFit(page, screen.viewport.width, `Manage Users, ${what}`);
      // The people of this test: the invitations' table lists those of every test.
      expect(await brokenWords(people), `Manage Users, ${what}: words broken inside`).toEqual([]);
      await expectAccessible(page);
      await saveScreenshot(page, `manage-users-${screen.name}-${theme}-${language}`);

      await page.goto(`/manage-clients`);
      await expect(page.locator("table.list-table").getByRole("cell", { name: clientName, exact: true })).toBeVisible();
      await expectTablesFit(page, screen.viewport.width, `Manage Clients, ${what}`);
      await expectAccessible(page);
      await saveScreenshot(page, `manage-clients-${screen.name}-${theme}-${language}`);
      await page.context().close();
      // Other tests look through the same list of clients.
      await hydra.deleteOAuth2Client({ id: client.client_id! });
    });
  }
}
