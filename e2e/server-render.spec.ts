// Issue 19: the public pages, and for a signed-in visitor the verification
// page, Account Settings and Manage Clients, come in the first answer,
// rendered by the server with the app's own components, and the app takes
// that markup over (hydration) without React finding a difference, which it
// would report as an error and answer by drawing the page again.
import { randomUUID } from "node:crypto";
import { bootDataOf } from "../testing/boot-data.js";
import { newIdentity, signInByApi, signInWithSecondFactorByApi } from "./support/identities.js";
import { recordPageErrors } from "./support/page-errors.js";
import { expect, test } from "./support/test.js";
import { menu, publicPages } from "./support/flows.js";
import { expectAccessible } from "./support/a11y.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";
import { languageCookie } from "#contract/languages.js";

for (const [path, heading] of [...publicPages, ["/error?id=00000000-0000-0000-0000-000000000000", "Something went wrong"]] as const) {
  test(`${path} comes rendered and the app takes it over without a mismatch`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`>${heading}</h1>`);

    const errors = recordPageErrors(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    if (path === "/login") {
      // Hydrated: the app loaded Kratos' script, and the passkey button says it is ready.
      await expect(page.getByRole("button", { name: "Sign in with passkey", exact: true })).toBeEnabled();
    } else {
      await page.waitForLoadState("networkidle");
    }
    expect(errors).toEqual([]);
  });
}

test("/verification comes rendered inside the shell for a signed-in user, and the app takes it over without a mismatch", async ({
  page,
}) => {
  const user = await newIdentity();
  await signInByApi(page, user);
  const html = await (await page.request.get("/verification")).text();
  expect(html).toContain(">Verify Account</h1>");
  expect(html).toContain(user.email);

  const errors = recordPageErrors(page);
  await page.goto("/verification");
  await expect(page.getByRole("heading", { name: "Verify Account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Hydrated: the footer that needs the browser's time zone is there.
  await expect(page.getByText(/Your session is valid until/)).toBeVisible();
  expect(errors).toEqual([]);
});

test("/verification without a session is not rendered by the server: the app sends the visitor to sign in", async ({ request }) => {
  const html = await (await request.get("/verification")).text();
  expect(html).not.toContain("Verify Account</h1>");
});

/** The <input> element of this name in a page's markup. */
const inputIn = (html: string, name: string) => new RegExp(`<input[^>]*name="${name.replace(/\./g, "\\.")}"[^>]*>`).exec(html)?.[0];

test("/settings comes rendered inside the shell with the profile form, and the app takes it over without a mismatch", async ({ page }) => {
  const user = await newIdentity({ name: { first: "Ada", last: "Lovelace" } });
  await signInByApi(page, user);
  const html = await (await page.request.get("/settings")).text();
  expect(html).toContain(">Account Settings</h1>");
  // The settings flow Kratos started for this session: the field with the account's value, usable as it arrives.
  const firstName = inputIn(html, "traits.name.first");
  expect(firstName).toContain('value="Ada"');
  expect(firstName).not.toContain("disabled");
  expect(html).toMatch(/<form[^>]*action="[^"]*\/kratos\/self-service\/settings\?flow=[^"]+"/);

  const errors = recordPageErrors(page);
  await page.goto("/settings");
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await page.waitForLoadState("networkidle");
  // Hydrated: the footer that needs the browser's time zone is there.
  await expect(page.getByText(/Your session is valid until/)).toBeVisible();
  expect(errors).toEqual([]);
});

/** Account Settings' sections by address: the sub-navigation's name for each, and a card heading it holds. */
const settingsSections = [
  { path: "/settings", name: "Profile", card: "Profile" },
  { path: "/settings/security", name: "Sign-in and security", card: "Authenticator app" },
  { path: "/settings/devices", name: "Devices and activity", card: "Active sessions" },
  { path: "/settings/applications", name: "Applications", card: "Connected apps" },
  { path: "/settings/preferences", name: "Preferences", card: "Appearance" },
  { path: "/settings/data", name: "Your data and account", card: "Delete account" },
];

test("each section of Account Settings comes rendered at its address, named in the title, and the app takes it over without a mismatch", async ({
  page,
}) => {
  await signInByApi(page, await newIdentity());
  for (const { path, name, card } of settingsSections) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain(">Account Settings</h1>");
    expect(html, path).toMatch(new RegExp(`<a[^>]*aria-current="page"[^>]*>${name}</a>`));
    expect(html, path).toContain(`>${card}</h2>`);
    // The lists the app page reads for a section come with it: no loading state where they belong.
    if (path === "/settings/applications") expect(html, path).toContain("You have not allowed any application to use your account.");
    // The activity holds the sign-in once Kratos' hook reported it: the list, or that there is nothing yet.
    if (path === "/settings/devices") expect(html, path).toMatch(/aria-label="Your recent security activity"|>Nothing yet\.</);
    // The settings flow's forms are in the sections that show them, and only there.
    expect(/action="[^"]*\/kratos\/self-service\/settings\?flow=/.test(html), path).toBe(
      card === "Profile" || card === "Authenticator app",
    );

    const errors = recordPageErrors(page);
    await page.goto(path);
    await expect(page.getByRole("region", { name: card })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(/Your session is valid until/)).toBeVisible();
    await expect(page).toHaveTitle(`${name} · Account Settings`);
    expect(errors, path).toEqual([]);
  }

  // Moving between sections is the app's: the sub-navigation's link, no page load.
  await page.getByRole("navigation", { name: "Sections of Account Settings" }).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/settings(\?flow=[^/]+)?$/);
  await expect(page.getByRole("region", { name: "Profile" })).toBeVisible();
  await expect(page).toHaveTitle("Profile · Account Settings");
});

test("/manage-clients comes rendered with the clients for an admin, and the app takes it over without a mismatch", async ({ page }) => {
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  const name = `Rendered ${randomUUID().slice(0, 8)}`;
  const created = await page.request.post("/api/clients", {
    headers: { origin: stack.portalOrigin },
    data: { client_name: name, grant_types: ["client_credentials"] },
  });
  expect(created.status()).toBe(201);
  const { client_id: createdId } = (await created.json()) as { client_id: string };
  // What the page's list shows first, as the API answers it (Hydra orders the clients, not their age).
  const firstPage = (await (await page.request.get("/api/clients?page_size=25")).json()) as { items: { client_id: string }[] };
  expect(firstPage.items.length).toBeGreaterThan(0);

  const html = await (await page.request.get("/manage-clients")).text();
  expect(html).toContain('aria-label="OAuth2 clients"');
  for (const { client_id } of firstPage.items) expect(html).toContain(`>${client_id}</code>`);
  // Its actions need the app's script: until it runs they say so.
  expect(html).toMatch(/<button[^>]*disabled=""[^>]*>New client \(loading…\)<\/button>/);
  // The admins' texts, which the app loads before it takes the page over, are named for fetching beside the app.
  expect(bootDataOf(html).modules).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/admin-en-[^/]+\.js$/)]));

  const errors = recordPageErrors(page);
  await page.goto("/manage-clients");
  await expect(page.getByRole("table", { name: "OAuth2 clients" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/Your session is valid until/)).toBeVisible();
  if (firstPage.items.some(({ client_id }) => client_id === createdId)) {
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  }
  expect(errors).toEqual([]);

  const deleted = await page.request.delete(`/api/clients/${createdId}`, { headers: { origin: stack.portalOrigin } });
  expect(deleted.status()).toBe(204);
});

test("the home page sends the browser to Account Settings, which comes rendered", async ({ page }) => {
  await signInByApi(page, await newIdentity({ name: { first: "Ada", last: "Lovelace" } }));
  const home = await page.request.get("/", { maxRedirects: 0 });
  expect(home.status()).toBe(302);
  expect(home.headers().location).toBe("/settings");
  const errors = recordPageErrors(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/settings(\?flow=[^/]+)?$/);
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("/changepwd comes rendered with the password form, titled in the page's language, and the app takes it over without a mismatch", async ({
  page,
  context,
}) => {
  await signInByApi(page, await newIdentity());
  const html = await (await page.request.get("/changepwd")).text();
  expect(html).toContain("<title>Recovery</title>");
  expect(html).toContain(">Recovery</h1>");
  expect(inputIn(html, "password")).not.toContain("disabled");
  expect(html).toMatch(/<form[^>]*action="[^"]*\/kratos\/self-service\/settings\?flow=[^"]+"/);

  const errors = recordPageErrors(page);
  await page.goto("/changepwd");
  await expect(page.locator('input[name="password"]')).toBeEditable();
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/Your session is valid until/)).toBeVisible();
  await expect(page).toHaveTitle("Recovery");
  expect(errors).toEqual([]);

  // The server's title is the app's, in the page's language.
  await context.addCookies([{ name: languageCookie, value: "de", url: stack.portalOrigin }]);
  expect(await (await page.request.get("/changepwd")).text()).toContain("<title>Wiederherstellung</title>");
  expect(await (await page.request.get("/settings/devices")).text()).toContain("<title>Geräte und Aktivität · Kontoeinstellungen</title>");
  await page.goto("/settings/devices");
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveTitle("Geräte und Aktivität · Kontoeinstellungen");
});

test("Manage Users' search and a person's page come rendered with their data for an admin, and the app takes them over without a mismatch", async ({
  page,
}) => {
  await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
  const person = await newIdentity({ name: { first: "Grace", last: "Hopper" } });
  const search = `/manage-users?email=${encodeURIComponent(person.email)}&match=exact`;
  const list = (await (await page.request.get(`/api/users?email=${encodeURIComponent(person.email)}&match=exact`)).json()) as {
    items: { id: string }[];
  };
  const personPage = `/manage-users/user?id=${list.items[0]?.id ?? ""}`;

  const html = await (await page.request.get(search)).text();
  expect(html).toContain("<title>Manage Users</title>");
  expect(html).toContain('aria-label="Users"');
  expect(html).toContain(person.email);
  expect(html).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${person.email.replace(/[.+]/g, "\\$&")}"`));
  const personHtml = await (await page.request.get(personPage)).text();
  expect(personHtml).toContain("<title>Manage Users</title>");
  expect(personHtml).toContain("Grace Hopper");
  // Its actions ask in the app's dialogs: until the app runs they wait.
  expect(personHtml).toMatch(/<button[^>]*disabled=""[^>]*>Make admin<\/button>/);

  for (const [path, shown] of [
    [search, (p: typeof page) => p.getByRole("table", { name: "Users" }).getByText(person.email)],
    [personPage, (p: typeof page) => p.getByText("Grace Hopper").first()],
  ] as const) {
    const errors = recordPageErrors(page);
    await page.goto(path);
    await expect(shown(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(/Your session is valid until/)).toBeVisible();
    expect(errors, path).toEqual([]);
  }
});

test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("Manage Users' search works and shows its list, and Devices and activity shows the sessions", async ({ page }) => {
    await signInWithSecondFactorByApi(page, await newIdentity({ roles: ["admin"] }));
    const person = await newIdentity();
    await page.goto("/manage-users");
    await page.getByLabel("Email address").fill(person.email);
    await page.getByLabel("Match").selectOption("exact");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/manage-users\?match=exact&email=/);
    await expect(page.getByRole("table", { name: "Users" }).getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("table", { name: "Users" }).getByText(person.email)).toBeVisible();

    await page.goto("/settings/devices");
    await expect(page.getByRole("table", { name: "Your sessions" }).getByText("This device")).toBeVisible();
  });
});

test("/manage-clients for a signed-in user who is not an admin holds no client, in the markup or the data", async ({ browser, page }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInWithSecondFactorByApi(admin, await newIdentity({ roles: ["admin"] }));
  const created = await admin.request.post("/api/clients", {
    headers: { origin: stack.portalOrigin },
    data: { client_name: `Secret ${randomUUID().slice(0, 8)}`, grant_types: ["client_credentials"] },
  });
  expect(created.status()).toBe(201);
  const { client_id: clientId, client_name: clientName } = (await created.json()) as { client_id: string; client_name: string };

  await signInByApi(page, await newIdentity());
  const html = await (await page.request.get("/manage-clients")).text();
  expect(html).toContain(">Not allowed</h1>");
  expect(html).not.toContain(clientId);
  expect(html).not.toContain(clientName);
  expect(html).not.toContain("/api/clients");

  expect((await admin.request.delete(`/api/clients/${clientId}`, { headers: { origin: stack.portalOrigin } })).status()).toBe(204);
});

for (const [path, heading] of [
  ["/settings", "Account Settings"],
  ["/manage-clients", "Manage Clients"],
] as const) {
  test(`${path} without a session is not rendered by the server: the app sends the visitor to sign in`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain(`${heading}</h1>`);
    expect(html).not.toContain(`name="traits.name.first"`);
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?return_to=/);
  });
}

test("an address that is no page's answers 404 with 'not found' rendered in the reader's language, and the app takes it over", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await context.newPage();
  const errors = recordPageErrors(page);
  const answer = await page.goto("/no-such-page");
  expect(answer?.status()).toBe(404);
  expect(await answer?.text()).toContain(">Seite nicht gefunden</h1>");
  await expect(page.getByRole("heading", { name: "Seite nicht gefunden" })).toBeVisible();
  await expect(page.getByText("Unter dieser Adresse gibt es keine Seite.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  await saveScreenshot(page, "not-found-de");
  // The app's link: Account Settings, which sends a signed-out visitor to sign in first.
  await page.getByRole("link", { name: "Zu den Kontoeinstellungen" }).click();
  await expect(page).toHaveURL(/\/login\?return_to=/);
  expect(errors).toEqual([]);
  await context.close();
});

test("an address that is no page's answers 404 with 'not found' inside the shell for a signed-in user, without a mismatch", async ({
  page,
}) => {
  const user = await newIdentity();
  await signInByApi(page, user);
  const errors = recordPageErrors(page);
  const answer = await page.goto("/no/such/page");
  expect(answer?.status()).toBe(404);
  expect(await answer?.text()).toContain(">Page not found</h1>");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText(/Your session is valid until/)).toBeVisible();
  await menu(page).getByRole("link", { name: "Verify Account" }).click();
  await expect(page.getByRole("heading", { name: "Verify Account" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an address the server answers with 404 shows 'not found' on both sides: a section of Account Settings that does not exist, a page's address in other letters", async ({
  page,
}) => {
  const user = await newIdentity();
  await signInByApi(page, user);
  const errors = recordPageErrors(page);
  for (const path of ["/settings/no-such-section", "/LOGIN", "/Settings/security"]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    const html = (await answer?.text()) ?? "";
    expect(html, path).toContain(">Page not found</h1>");
    expect(html, path).not.toContain(">Account Settings</h1>");
    expect(html, path).not.toContain('name="password"');
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    // The app took the shell over: its footer waits for the browser's time zone.
    await expect(page.getByText(/Your session is valid until/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Page not found"]);
  }
  expect(errors).toEqual([]);
});

test("a page's address in other letters answers 404 with 'not found' for a visitor who is not signed in", async ({ page }) => {
  const errors = recordPageErrors(page);
  const answer = await page.goto("/LOGIN");
  expect(answer?.status()).toBe(404);
  expect(await answer?.text()).toContain(">Page not found</h1>");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Page not found"]);
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a link of the server's page followed while the app is on its way leads there, though the app starts meanwhile", async ({ page }) => {
  // The app's code waits until the link was clicked; the link's page, until the app has started in the page
  // being left (its router took the history entry over, its pages' code is preloading).
  let releaseApp!: () => void;
  const appReleased = new Promise<void>((resolve) => (releaseApp = resolve));
  const appCode = /\/assets\/main-[^/]*\.js$/;
  await page.route(appCode, async (route) => {
    await appReleased;
    await route.fallback();
  });
  let answerLink!: () => void;
  const linkAnswered = new Promise<void>((resolve) => (answerLink = resolve));
  await page.route("**/recovery", async (route) => {
    await linkAnswered;
    await route.fallback();
  });
  const appRequested = page.waitForRequest(appCode);
  await page.goto("/login", { waitUntil: "commit" });
  await appRequested;
  const link = page.waitForRequest("**/recovery");
  await page.getByRole("link", { name: "Forgot your password?" }).click({ noWaitAfter: true });
  await link;

  const appStarted = page.waitForRequest(/\/assets\/shell-[^/]*\.js$/);
  releaseApp();
  await appStarted;
  answerLink();
  await expect(page.getByRole("heading", { name: "Recover your account" })).toBeVisible();
  await expect(page).toHaveURL(/\/recovery\?flow=/);
});
