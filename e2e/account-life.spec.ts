// Issue 21: the account's whole life as a user sees it. Deleting the account
// (with the sign-in that confirms it first), the recent security activity,
// the warning before the session ends, and signing out in every tab.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { AccountExport } from "#contract/schemas/account.js";
import { createIdentity } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { apiSession, menu, signInWithPassword, signOut, submitPassword, waitForApp, wrongCredentials } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { startPrivateStack } from "./support/private-stack.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expect, test } from "./support/test.js";

const deleteCard = (page: Page) => page.getByRole("region", { name: "Delete account" });

test("delete the account: an old sign-in is confirmed first, then the typed address deletes it and a mail confirms", async ({ page }) => {
  test.setTimeout(120_000);
  // A sign-in counts as recent for 15 seconds here (Kratos' own default is 15 minutes).
  const stack = await startPrivateStack({ portalEnv: { PRIVILEGED_SESSION_MAX_AGE: "15s" } });
  try {
    const user = await createIdentity(stack.adminUrl, { verified: true });
    await page.goto(`${stack.portalOrigin}/login`);
    await submitPassword(page, user.email, user.password);
    await expect(menu(page)).toBeVisible();
    await page.waitForTimeout(16_000);
    await page.goto(`${stack.portalOrigin}/settings/data`);
    const card = deleteCard(page);
    const confirmDelete = card.getByRole("button", { name: "Delete my account" });
    await card.getByLabel(/To confirm, type your email address/).fill("someone-else@example.org");
    await expect(confirmDelete).toBeDisabled();
    await card.getByLabel(/To confirm, type your email address/).fill(user.email);
    await expectAccessible(page);
    await saveScreenshot(page, "settings-delete-account");
    await confirmDelete.click();

    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Back on the section it was asked from.
    await expect(page).toHaveURL(new RegExp(`^${stack.portalOrigin}/settings/data(#delete-account)?$`));

    // Signed in again just now: this time it goes through.
    await deleteCard(page)
      .getByLabel(/To confirm, type your email address/)
      .fill(user.email);
    await deleteCard(page).getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/login\?notice=deleted/);
    await expect(page.getByText("Your account was deleted.", { exact: false })).toBeVisible();
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${stack.mailUrl}/email`)).json()) as { subject: string; to: { address: string }[] }[];
        return mails.some((m) => m.subject === "Your account was deleted" && m.to.some((to) => to.address === user.email));
      })
      .toBe(true);
    await submitPassword(page, user.email, user.password);
    await expect(page.getByText(wrongCredentials)).toBeVisible();
  } finally {
    await stack.stop();
  }
});

test("recent security activity shows the sign-in; This wasn't me signs out elsewhere and leads to the password", async ({ browser }) => {
  const user = await newIdentity({ verified: true });
  const elsewhere = await (await browser.newContext()).newPage();
  await signInWithPassword(elsewhere, user.email, user.password);
  await expect(menu(elsewhere)).toBeVisible();
  const page = await (await browser.newContext()).newPage();
  await signInWithPassword(page, user.email, user.password);
  await expect(menu(page)).toBeVisible();

  await page.goto("/settings/devices");
  const card = page.getByRole("region", { name: "Recent security activity" });
  const rows = card.getByRole("table", { name: "Your recent security activity" }).getByRole("row");
  // Kratos reports each sign-in to the portal right after it: the newest first.
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(rows.nth(1)).toContainText("Signed in");
  await expect(rows.nth(1)).toContainText("127.0.0.1");
  await expectAccessible(page);
  await saveScreenshot(page, "settings-activity");

  await card.getByRole("button", { name: "This wasn't me" }).click();
  await page
    .getByRole("dialog", { name: "Secure your account?" })
    .getByRole("button", { name: "Sign out everywhere and change password" })
    .click();
  // The page puts its settings flow into the URL as soon as Kratos answers: with or without it.
  await expect(page).toHaveURL(/\/changepwd(\?flow=[\w-]+)?$/);
  expect(await apiSession(elsewhere)).toMatchObject({ status: 401 });
  expect(await apiSession(page)).toMatchObject({ status: 200 });
});

test("signing out in one tab takes the other tabs to the sign-in page", async ({ browser }) => {
  const user = await newIdentity();
  const context = await browser.newContext();
  const first = await context.newPage();
  await signInWithPassword(first, user.email, user.password);
  await expect(menu(first)).toBeVisible();
  const second = await context.newPage();
  await second.goto("/settings");
  await expect(menu(second)).toBeVisible();

  await signOut(first);
  // BroadcastChannel: the other tab hears it at once, without being looked at.
  await expect(second).toHaveURL(/\/login\?return_to=/, { timeout: 2000 });
  await expect(second.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("a tab that missed the sign-out finds out when it gets the focus", async ({ browser }) => {
  const user = await newIdentity();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithPassword(page, user.email, user.password);
  await expect(menu(page)).toBeVisible();
  // The server drew the page; the app, which listens for the focus, takes it over once it has painted.
  await waitForApp(page);
  // Signed out behind the page's back: through Kratos' API, no tab told.
  const logout = await page.request.get("/kratos/self-service/logout/browser", { headers: { accept: "application/json" } });
  const { logout_token: token } = (await logout.json()) as { logout_token: string };
  await page.request.get(`/kratos/self-service/logout?token=${token}`, { headers: { accept: "application/json" } });
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page).toHaveURL(/\/login\?return_to=/, { timeout: 2000 });
});

test("two minutes before the session ends a dialog offers to stay signed in; then it ends and the sign-in page brings the user back", async ({
  page,
}) => {
  test.setTimeout(300_000);
  // Sessions last 2 minutes and 5 seconds: the warning comes 5 s after signing in.
  const stack = await startPrivateStack({ kratosConfig: { session: { lifespan: "2m5s" } } });
  try {
    const user = await createIdentity(stack.adminUrl);
    await page.goto(`${stack.portalOrigin}/login`);
    await submitPassword(page, user.email, user.password);
    await expect(menu(page)).toBeVisible();
    await page.goto(`${stack.portalOrigin}/changepwd`);
    const dialog = page.getByRole("dialog", { name: "Your session is about to end" });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText("Anything you have not saved on this page will be lost.");
    await expectAccessible(page);
    await saveScreenshot(page, "session-end-warning");
    const before = await page.request
      .get(`${stack.portalOrigin}/api/session`)
      .then(async (answer) => ((await answer.json()) as { expires_at: string }).expires_at);
    await dialog.getByRole("button", { name: "Stay signed in" }).click();
    await expect(dialog).toBeHidden();
    const after = await page.request
      .get(`${stack.portalOrigin}/api/session`)
      .then(async (answer) => ((await answer.json()) as { expires_at: string }).expires_at);
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));

    // This time nobody answers: when the session ends, the page goes to sign in and says why.
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/login\?notice=expired&return_to=/, { timeout: 150_000 });
    await expect(page.getByText("Your session ended.", { exact: false })).toBeVisible();
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(new RegExp(`^${stack.portalOrigin}/changepwd(\\?|$)`));
  } finally {
    await stack.stop();
  }
});

test("download my data after an old sign-in: the password is asked again first, then the file comes", async ({ page }) => {
  test.setTimeout(120_000);
  // A sign-in counts as recent for 15 seconds here (Kratos' own default is 15 minutes).
  const stack = await startPrivateStack({ portalEnv: { PRIVILEGED_SESSION_MAX_AGE: "15s" } });
  try {
    const user = await createIdentity(stack.adminUrl, { verified: true });
    await page.goto(`${stack.portalOrigin}/login`);
    await submitPassword(page, user.email, user.password);
    await expect(menu(page)).toBeVisible();
    // The session left open: someone else at the computer asks for the data.
    await page.waitForTimeout(16_000);
    await page.goto(`${stack.portalOrigin}/settings/data`);
    let downloads = 0;
    page.on("download", () => downloads++);
    await page.getByRole("region", { name: "Download my data" }).getByRole("button", { name: "Download my data" }).click();

    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    expect(downloads, "no file before the password").toBe(0);
    // The app took the sign-in page over once it put the page's flow into the URL and loaded what it asks:
    // a password typed into the server's form before that was once found empty when sent (1 run in 6).
    await expect(page).toHaveURL(/[?&]flow=/);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${stack.portalOrigin}/settings/data(#download-data)?$`));

    const button = page.getByRole("region", { name: "Download my data" }).getByRole("button", { name: "Download my data" });
    await expect(button).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    const file = JSON.parse(readFileSync(await download.path(), "utf8")) as AccountExport;
    expect(file.account.traits).toMatchObject({ email: user.email });
  } finally {
    await stack.stop();
  }
});

test("download my data: the browser saves a JSON file of the account, and the activity records it", async ({ page }) => {
  const user = await newIdentity({ verified: true, name: { first: "Grace", last: "Hopper" } });
  await signInByApi(page, user);
  await page.goto("/settings/data");
  const card = page.getByRole("region", { name: "Download my data" });
  const button = card.getByRole("button", { name: "Download my data" });
  await expect(button).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync(await download.path(), "utf8")) as AccountExport;
  expect(file.account.traits).toEqual({ email: user.email, name: { first: "Grace", last: "Hopper" } });
  expect(file.addresses).toEqual([expect.objectContaining({ value: user.email, verified: true })]);
  expect(file.sessions).toHaveLength(1);
  expect(JSON.stringify(file)).not.toContain(user.password);

  await page.getByRole("navigation", { name: "Sections of Account Settings" }).getByRole("link", { name: "Devices and activity" }).click();
  await expect(
    page.getByRole("region", { name: "Recent security activity" }).getByRole("row").filter({ hasText: "Downloaded your data" }),
  ).toHaveCount(1);
});
