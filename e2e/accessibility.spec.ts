// Issue 48: axe with WCAG 2.0, 2.1 and 2.2 A and AA rules on every page, in
// every view a person may have: light and dark, left to right (English) and
// right to left (Arabic), a desktop (1280 px), a phone (390 px) and a desktop
// zoomed to 400 % (a 320 CSS px wide viewport, WCAG's reflow width). Each page
// shows what it can: an admin with a person with roles, a deactivated person,
// an invitation and a client in the lists; errors on the forms; each dialog
// open (the session's end warning too, on a stack whose sessions are short);
// a toast held under the pointer; a linked sign-in provider; an
// application's request for consent, and one allowed in Connected apps; the
// undo page a mail links to. A new page is one row of `checks`.
import { randomUUID } from "node:crypto";
import { Configuration, IdentityApi, OAuth2Api } from "@ory/client";
import type { Locator, Page } from "@playwright/test";
import { languageCookie } from "#contract/languages.js";
import { settingsPath, settingsSections } from "#contract/settings-sections.js";
import { themeCookieName } from "#contract/theme.js";
import { admin as adminAr } from "#locales/ar/admin.js";
import { app as appAr } from "#locales/ar/app.js";
import { admin as adminEn } from "#locales/en/admin.js";
import { app as appEn } from "#locales/en/app.js";
import { expectAccessibleWcag } from "./support/a11y.js";
import { menu, signInAtExampleSso, submitPassword, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi, type TestIdentity } from "./support/identities.js";
import { HttpBrowser } from "../testing/http-browser.js";
import { createIdentity } from "../testing/identities.js";
import { waitForMail } from "./support/mail.js";
import { startPrivateStack } from "./support/private-stack.js";
import { stack } from "./support/stack.js";
import { expect, test } from "./support/test.js";

const screens = [
  { screen: "desktop", viewport: { width: 1280, height: 800 } },
  { screen: "phone", viewport: { width: 390, height: 844 } },
  // 1280 × 1024 at 400 %.
  { screen: "zoom-400", viewport: { width: 320, height: 256 } },
] as const;
/** A page is loaded once per look, then seen on each screen: the layout is the stylesheet's alone. */
const looks = (["light", "dark"] as const).flatMap((theme) => (["en", "ar"] as const).map((language) => ({ theme, language })));
export const views = looks.flatMap((look) => screens.map((screen) => ({ ...screen, ...look })));
export type View = (typeof views)[number];

const catalogs = { en: { app: appEn, admin: adminEn }, ar: { app: appAr, admin: adminAr } };
export const words = (view: Pick<View, "language">) => catalogs[view.language];

/** What the pages show: made once per test, through Kratos' and Hydra's admin APIs and the portal's own. */
interface Data {
  me: TestIdentity;
  /** A person with two roles (on Manage Users, and the person's page). */
  person: TestIdentity;
  clientName: string;
  /** The client made for an admin's pages, deleted afterwards: other tests look through the same list. */
  clientId?: string;
  prefix: string;
  /** Where `prepare` left something to see: an undo link's address. */
  preparedPath?: string;
}

interface Check {
  name: string;
  who: "public" | "user" | "admin";
  /** Once, before the views: what the page needs that only a journey makes (a linked provider, a mail). */
  prepare?: (page: Page, data: Data) => Promise<Data>;
  path: (data: Data) => string;
  /** What shows once the page is ready, in the view's language. */
  ready: (page: Page, view: View, data: Data) => Locator;
  /** After the page is ready: an error, a dialog…; returns what must show before axe runs. */
  then?: (page: Page, view: View, data: Data) => Promise<Locator>;
  /** What axe reads after `then` (a CSS selector): the dialog or the form, when the page under it has a check of its own. */
  scope?: string;
  /** What `then` shows lasts on its screen alone (a toast under the pointer): the page is loaded and `then` done on each. */
  eachScreen?: boolean;
}

const dialog = (page: Page) => page.getByRole("dialog");
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
/** The shell's menu, opened first where a narrow screen folds it away. */
async function menuButton(page: Page, name: string): Promise<Locator> {
  const button = page.locator("nav.sidebar, .sidebar").getByRole("button", { name });
  if (!(await button.isVisible())) await page.locator(".shell-header .icon-button").first().click();
  return button;
}

/**
 * Does what raises a toast, and puts the pointer on the toast the moment it shows, well within its 1000 ms:
 * held there, it stays (WCAG 2.2.1). The page tells where it showed; waiting for it from here would poll too
 * slowly. A toast that shows under a pointer that does not move is not hovered (Chromium moves nothing), and
 * one whose screen changes slips from under it: hence a toast per screen. The pointer starts in the corner: a
 * toast where the last screen's was (the phone's and the zoomed screen's, right to left) is then still reached
 * by a move, where a move to where the pointer already is would make none.
 */
async function holdToast(page: Page, raise: () => Promise<void>): Promise<void> {
  await page.mouse.move(0, 0);
  const shown = page.evaluate(
    () =>
      new Promise<{ x: number; y: number }>((resolve) => {
        const centre = () => {
          const box = document.querySelector(".toast")?.getBoundingClientRect();
          if (box) resolve({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
          return box !== undefined;
        };
        if (centre()) return;
        const observer = new MutationObserver(() => {
          if (centre()) observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await raise();
  const { x, y } = await shown;
  await page.mouse.move(x, y);
}

/** An application at Hydra asking for every scope the consent page words, and its address for Hydra's answer. */
async function application(name: string): Promise<{ clientId: string; redirectUri: string }> {
  const redirectUri = "https://tiles.example/callback";
  const { data: client } = await hydra.createOAuth2Client({
    oAuth2Client: {
      client_name: name,
      client_uri: "https://tiles.example/",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: consentScopes,
      redirect_uris: [redirectUri],
    },
  });
  return { clientId: client.client_id!, redirectUri };
}

const consentScopes = "openid offline_access email profile";

/**
 * Sends the browser to Hydra as the application would, and signs in on the portal's sign-in page that Hydra sends
 * it to (with a session, Kratos would ask to confirm the password instead); the portal then asks for consent.
 * Returns the consent page's address.
 */
async function askConsent(page: Page, data: Data, clientId: string, redirectUri: string): Promise<string> {
  const authorize = new URL("/oauth2/auth", stack.hydra.issuer);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    scope: consentScopes,
    redirect_uri: redirectUri,
    state: randomUUID(),
  }).toString();
  await page.goto(authorize.href);
  await expect(heading(page, appEn.auth.login.title)).toBeVisible();
  await submitPassword(page, data.me.email, data.me.password);
  await expect(heading(page, appEn.consent.wantsAccess.replace("{{name}}", data.clientName))).toBeVisible();
  const consent = new URL(page.url());
  return consent.pathname + consent.search;
}

export const checks: Check[] = [
  { name: "sign-in", who: "public", path: () => "/login", ready: (page, view) => heading(page, words(view).app.auth.login.title) },
  {
    name: "sign-in, a wrong password",
    who: "public",
    path: () => "/login",
    ready: (page, view) => heading(page, words(view).app.auth.login.title),
    then: async (page, _view, data) => {
      await page.locator('input[name="identifier"]').fill(data.me.email);
      await page.locator('input[name="password"]').fill("not the password");
      await page.locator('button[name="method"][value="password"]').click();
      return page.getByRole("alert").first();
    },
    scope: "main",
  },
  {
    name: "registration",
    who: "public",
    path: () => "/registration",
    ready: (page, view) => heading(page, words(view).app.auth.registration.title),
  },
  { name: "recovery", who: "public", path: () => "/recovery", ready: (page, view) => heading(page, words(view).app.auth.recovery.title) },
  {
    name: "verification",
    who: "user",
    path: () => "/verification",
    ready: (page, view) => heading(page, words(view).app.auth.verification.title),
  },
  {
    name: "error page",
    who: "public",
    path: () => `/error?id=${randomUUID()}`,
    ready: (page, view) => heading(page, words(view).app.auth.error.title),
  },
  ...settingsSections.map((section): Check => ({
    name: `Account Settings: ${section}`,
    who: "user",
    path: () => settingsPath(section),
    ready: (page, view) => heading(page, words(view).app.settings.title),
  })),
  {
    name: "change password, too short",
    who: "user",
    path: () => "/changepwd",
    ready: (page) => page.locator('input[name="password"]'),
    then: async (page) => {
      await page.locator('input[name="password"]').fill("short");
      await page.locator('button[name="method"][value="password"]').click();
      return page.locator(".invalid-feedback, [role=alert]").first();
    },
    scope: "main",
  },
  {
    name: "active sessions, a toast held under the pointer",
    who: "user",
    path: () => settingsPath("devices"),
    ready: (page, view) => page.getByRole("button", { name: words(view).app.sessions.signOutOthers }),
    eachScreen: true,
    then: async (page, view, data) => {
      // A session on another device to sign out, on each screen: the list shows it once the page is loaded again.
      const signedIn = await new HttpBrowser(stack.portalOrigin).at(stack.portalOrigin).signIn(data.me.email, data.me.password);
      expect(signedIn.status, "the other device's sign-in").toBe(200);
      await page.reload();
      await waitForApp(page);
      await holdToast(page, async () => {
        await page.getByRole("button", { name: words(view).app.sessions.signOutOthers }).click();
      });
      // How many it signed out differs (the test's data made another session already): any toast it raised is the one.
      return page.locator(".toast[role=status]");
    },
  },
  {
    name: "logout dialog",
    who: "user",
    path: () => settingsPath("profile"),
    ready: (page, view) => heading(page, words(view).app.settings.title),
    then: async (page, view) => {
      await (await menuButton(page, words(view).app.app.menu.logout)).click();
      return dialog(page);
    },
    scope: ".modal",
  },
  {
    name: "Manage Users",
    who: "admin",
    path: (data) => `/manage-users?email=${data.prefix}&match=prefix`,
    ready: (page, view) => heading(page, words(view).admin.users.title),
  },
  {
    name: "Manage Users, the invitation dialog",
    who: "admin",
    path: (data) => `/manage-users?email=${data.prefix}&match=prefix`,
    ready: (page, view) => heading(page, words(view).admin.users.title),
    then: async (page, view) => {
      await page.getByRole("button", { name: words(view).admin.users.invitations.invite, exact: true }).click();
      return dialog(page);
    },
    scope: ".modal",
  },
  {
    name: "a person's page",
    who: "admin",
    path: (data) => `/manage-users/user?id=${data.person.id}`,
    ready: (page, view) => page.getByRole("heading", { name: words(view).admin.users.roles.title }),
  },
  {
    name: "a person's page, the deactivation dialog",
    who: "admin",
    path: (data) => `/manage-users/user?id=${data.person.id}`,
    ready: (page, view) => page.getByRole("heading", { name: words(view).admin.users.roles.title }),
    then: async (page, view) => {
      await page.getByRole("button", { name: words(view).admin.users.state.deactivate, exact: true }).click();
      return dialog(page);
    },
    scope: ".modal",
  },
  {
    name: "Manage Clients",
    who: "admin",
    path: () => "/manage-clients",
    ready: (page, view) => heading(page, words(view).admin.clients.title),
  },
  {
    name: "Manage Clients, a new client",
    who: "admin",
    path: () => "/manage-clients",
    ready: (page, view) => heading(page, words(view).admin.clients.title),
    then: async (page, view) => {
      await page.getByRole("button", { name: words(view).admin.clients.newClient }).click();
      return dialog(page);
    },
    scope: ".modal",
  },
  {
    name: "a client, its form",
    who: "admin",
    path: () => "/manage-clients",
    ready: (page, _view, data) => page.getByRole("row").filter({ hasText: data.clientName }),
    then: async (page, _view, data) => {
      await page.getByRole("row").filter({ hasText: data.clientName }).getByRole("button").first().click();
      return dialog(page);
    },
    scope: ".modal",
  },
  {
    name: "a client, its new secret",
    who: "admin",
    path: () => "/manage-clients",
    ready: (page, _view, data) => page.getByRole("row").filter({ hasText: data.clientName }),
    then: async (page, view, data) => {
      const rotate = words(view).admin.clients.rotate;
      await page.getByRole("row").filter({ hasText: data.clientName }).getByRole("button").filter({ hasText: rotate }).click();
      await dialog(page).getByRole("button", { name: rotate, exact: true }).click();
      return page.getByRole("dialog", { name: words(view).admin.clients.secret.rotatedTitle });
    },
    scope: ".modal",
  },
  {
    name: "Manage Users, the import dialog",
    who: "admin",
    path: (data) => `/manage-users?email=${data.prefix}&match=prefix`,
    ready: (page, view) => heading(page, words(view).admin.users.title),
    then: async (page, view) => {
      await page.getByRole("button", { name: words(view).admin.users.import.open, exact: true }).click();
      return page.getByRole("dialog", { name: words(view).admin.users.import.title });
    },
    scope: ".modal",
  },
  {
    name: "Manage Users, the dialog inviting a list",
    who: "admin",
    path: (data) => `/manage-users?email=${data.prefix}&match=prefix`,
    ready: (page, view) => heading(page, words(view).admin.users.title),
    then: async (page, view) => {
      await page.getByRole("button", { name: words(view).admin.users.invitations.list.open, exact: true }).click();
      return page.getByRole("dialog", { name: words(view).admin.users.invitations.list.title });
    },
    scope: ".modal",
  },
  {
    name: "Account Settings, a sign-in provider linked",
    who: "public",
    prepare: async (page, data) => {
      await page.goto("/registration");
      await page.getByRole("button", { name: "Sign up with Example SSO" }).click();
      await signInAtExampleSso(page, `${data.prefix}-sso@example.org`);
      await expect(menu(page)).toBeVisible();
      return data;
    },
    path: () => settingsPath("security"),
    ready: (page, view) =>
      page
        .getByRole("region", { name: words(view).app.settings.providers.title })
        .getByRole("row")
        .filter({ hasText: "Example SSO" })
        .getByText(words(view).app.settings.providers.linked, { exact: true }),
  },
  {
    name: "OAuth2 consent",
    who: "public",
    prepare: async (page, data) => {
      const { clientId, redirectUri } = await application(data.clientName);
      return { ...data, clientId, preparedPath: await askConsent(page, data, clientId, redirectUri) };
    },
    path: (data) => data.preparedPath!,
    ready: (page, view, data) => heading(page, words(view).app.consent.wantsAccess.replace("{{name}}", data.clientName)),
  },
  {
    name: "Connected apps, an application allowed",
    who: "public",
    prepare: async (page, data) => {
      const { clientId, redirectUri } = await application(data.clientName);
      await askConsent(page, data, clientId, redirectUri);
      // Hydra sends the code once the portal's answer is used: the application's page itself is not needed.
      const answered = page.waitForRequest((request) => request.url().startsWith(redirectUri));
      await page.getByRole("button", { name: appEn.consent.allow }).click();
      expect(new URL((await answered).url()).searchParams.get("code"), "Hydra's code for the application").toBeTruthy();
      return { ...data, clientId };
    },
    path: () => settingsPath("applications"),
    ready: (page, view, data) =>
      page
        .getByRole("region", { name: words(view).app.connectedApps.title })
        .getByRole("row")
        .filter({ hasText: data.clientName }),
  },
  {
    name: "undo, from the mail",
    who: "user",
    prepare: async (page, data) => {
      // The portal compares a change with the account as it was at the sign-in, once Kratos' hook told it.
      await page.goto(settingsPath("devices"));
      await expect(async () => {
        await page.reload();
        await expect(
          page.getByRole("region", { name: appEn.account.activity.title }).getByRole("row").filter({ hasText: "Signed in" }).first(),
        ).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      const since = Date.now();
      await page.goto(settingsPath("profile"));
      const profile = page.getByRole("region", { name: appEn.settings.profile.title });
      await profile.getByLabel("Email").fill(`${data.prefix}-new@example.org`);
      await profile.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").filter({ hasText: appEn.settings.profile.saved })).toBeVisible();
      const mail = await waitForMail(data.me.email, /^Your email address was changed$/, since);
      const link = new URL(/https?:\/\/\S+\/undo\?token=\S+/.exec(mail.text)![0]);
      return { ...data, preparedPath: link.pathname + link.search };
    },
    path: (data) => data.preparedPath!,
    ready: (page, view) => heading(page, words(view).app.undo.title),
  },
];

/** The look's theme and language, as the person chose them, for the portal at `origin`. */
async function showLook(page: Page, look: Pick<View, "theme" | "language">, origin = stack.portalOrigin): Promise<void> {
  await page.context().addCookies([
    { name: themeCookieName, value: look.theme, url: origin },
    { name: languageCookie, value: look.language, url: origin },
  ]);
}

async function showView(page: Page, view: View): Promise<void> {
  await page.setViewportSize(view.viewport);
  await showLook(page, view);
}

const hydra = new OAuth2Api(new Configuration({ basePath: stack.hydraAdminUrl }));

/** An admin, and beside them a person with roles, a deactivated person, an invitation and a client. */
async function makeData(page: Page, who: Check["who"]): Promise<Data> {
  const prefix = `a11y-${randomUUID().slice(0, 8)}`;
  const me = await newIdentity({ email: `${prefix}-me@example.org`, roles: who === "admin" ? ["admin"] : [], verified: true });
  const person = await newIdentity({ email: `${prefix}-roles@example.org`, roles: ["admin", "auditor"] });
  const data = { me, person, clientName: `Tiles ${prefix}`, prefix };
  if (who === "public") return data;
  if (who === "user") {
    // Two sessions (this one and another browser's) and their activity.
    await signInByApi(page, me);
    const other = await page.context().browser()!.newContext();
    await signInByApi(await other.newPage(), me);
    await other.close();
    return data;
  }
  await signInWithSecondFactorByApi(page, me);
  const inactive = await newIdentity({ email: `${prefix}-inactive@example.org` });
  await new IdentityApi(new Configuration({ basePath: stack.kratosAdminUrl })).patchIdentity({
    id: inactive.id,
    jsonPatch: [{ op: "replace", path: "/state", value: "inactive" }],
  });
  const invited = await page.request.post(`${stack.portalOrigin}/api/invitations`, {
    headers: { Origin: stack.portalOrigin },
    data: { email: `${prefix}-invitee@example.org`, language: "en", roles: ["admin"], notify: false },
  });
  expect(invited.status()).toBe(201);
  const { data: client } = await hydra.createOAuth2Client({
    oAuth2Client: { client_name: data.clientName, grant_types: ["authorization_code", "refresh_token"] },
  });
  return { ...data, clientId: client.client_id };
}

for (const check of checks) {
  test(`axe, WCAG 2.2 AA, in every view: ${check.name}`, async ({ page }) => {
    test.setTimeout(views.length * 15_000);
    const made = await makeData(page, check.who);
    const data = check.prepare ? await check.prepare(page, made) : made;
    for (const look of looks) {
      let shown: Locator | undefined;
      for (const [index, screen] of screens.entries()) {
        const view = { ...screen, ...look };
        if (index === 0 || check.eachScreen) {
          await showView(page, view);
          await page.goto(check.path(data));
          await expect(check.ready(page, view, data), check.name).toBeVisible();
          // A dialog or an error stays while the screen changes; axe then reads it alone, the page under it was read bare.
          shown = check.then && (await check.then(page, view, data));
          if (shown) await expect(shown, check.name).toBeVisible();
        } else await page.setViewportSize(screen.viewport);
        const what = `${check.name}, ${screen.screen}, ${look.theme}, ${look.language}`;
        await expectAccessibleWcag(page, what, check.scope);
        if (shown) await expect(shown, `${what}: still shown once axe has read the page`).toBeVisible();
      }
    }
    if (data.clientId) await hydra.deleteOAuth2Client({ id: data.clientId });
  });
}

test("axe, WCAG 2.2 AA, in every view: the dialog before the session ends", async ({ page }) => {
  test.setTimeout(180_000);
  // Sessions last 2 minutes and 5 seconds: the dialog shows 5 s after signing in, on every page loaded until the end.
  const own = await startPrivateStack({ kratosConfig: { session: { lifespan: "2m5s" } } });
  try {
    const user = await createIdentity(own.adminUrl, { verified: true });
    await page.goto(`${own.portalOrigin}/login`);
    await submitPassword(page, user.email, user.password);
    await expect(menu(page)).toBeVisible();
    for (const look of looks) {
      await showLook(page, look, own.portalOrigin);
      await page.goto(`${own.portalOrigin}/changepwd`);
      const shown = page.getByRole("dialog", { name: words(look).app.account.sessionEnd.title });
      await expect(shown).toBeVisible({ timeout: 20_000 });
      for (const screen of screens) {
        await page.setViewportSize(screen.viewport);
        const what = `the dialog before the session ends, ${screen.screen}, ${look.theme}, ${look.language}`;
        await expectAccessibleWcag(page, what, ".modal");
        await expect(shown, `${what}: still shown once axe has read the page`).toBeVisible();
      }
    }
  } finally {
    await own.stop();
  }
});
