// Issue 4, journey 8: one user on two devices (browser contexts); the first
// lists both sessions and signs the other one out.
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { apiSession, menu, signInWithPassword } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expectToast, recordToasts } from "./support/toasts.js";

test("sign out the session on another device", async ({ browser }) => {
  const user = await newIdentity({ verified: true });
  const firstContext = await browser.newContext();
  await recordToasts(firstContext);
  const first = await firstContext.newPage();
  const other = await (await browser.newContext()).newPage();
  for (const page of [first, other]) {
    await signInWithPassword(page, user.email, user.password);
    await expect(menu(page)).toBeVisible();
  }

  await first.goto("/settings/devices");
  const sessions = first.getByRole("region", { name: "Active sessions" }).getByRole("table", { name: "Your sessions" });
  const rows = sessions.getByRole("row");
  await expect(rows).toHaveCount(3); // the header and two sessions
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  await expectAccessible(first);
  await saveScreenshot(first, "settings-sessions");

  await sessions.getByRole("button", { name: /^Sign out the session on/ }).click();
  await expectToast(first, /^Signed out the session on/);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);

  await other.reload();
  await expect(other).toHaveURL(/\/login\?/);
  await expect(other.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(await apiSession(other)).toMatchObject({ status: 401 });
  expect(await apiSession(first)).toMatchObject({ status: 200, email: user.email });
});

test("a session from a browser the portal cannot name shows the catalog's words, never its user agent", async ({ browser, page }) => {
  const user = await newIdentity({ verified: true });
  const phishing = "Visit helpdesk.example to unlock your account/1 (x)";
  const stranger = await (await browser.newContext({ userAgent: phishing })).newPage();
  await signInByApi(stranger, user);
  await stranger.context().close();

  await signInByApi(page, user);
  await page.goto("/settings/devices");
  const rows = page.getByRole("region", { name: "Active sessions" }).getByRole("table", { name: "Your sessions" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "This device" })).toContainText(/Chrome \d+ on Linux/);
  await expect(rows.filter({ hasText: "Unknown browser on an unknown system" })).toHaveCount(1);
  await expect(page.getByText(/helpdesk/)).toHaveCount(0);
  expect(await page.content()).not.toContain("helpdesk");
});
