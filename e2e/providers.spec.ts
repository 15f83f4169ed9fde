// Issue 33: signing in with another provider, against Example SSO, the test
// provider the stack runs (stack/example-sso.ts): sign up with it (signed in,
// the address verified, the name filled), sign in with it again, link it to a
// password account that has the same address by proving the password,
// unlink it, and Kratos' refusal to unlink the last way in; with scripts on
// and off, in German and Arabic. axe runs on the new pages and the card.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { uniqueEmail } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { apiSession, signInAtExampleSso, signOut, waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { waitForMail } from "./support/mail.js";
import { startPrivateStack } from "./support/private-stack.js";
import { saveScreenshot } from "./support/screenshots.js";
import { expect, test } from "./support/test.js";

// The tests share the stack's Example SSO, whose Hydra keeps its data in
// SQLite. There a transaction that read before another sign-in wrote fails at
// once with "database is locked": SQLite cannot wait for a stale snapshot, and
// Hydra's maintainers leave it so (ory/hydra#3648). Ten sign-ins at once failed
// 3 of 50 that way, and CI failed on one; so they sign in one after another.
test.describe.configure({ mode: "default" });

const providersCard = (page: Page, name = "Sign-in providers") => page.getByRole("region", { name });
const exampleSsoRow = (page: Page, card = "Sign-in providers") =>
  providersCard(page, card).getByRole("row").filter({ hasText: "Example SSO" });

test("sign up with Example SSO: signed in, the address verified, the name filled; sign in with it again and unlink it", async ({
  page,
}) => {
  // Example SSO makes the name from the address, leaving out the "+tag".
  const email = `ada.lovelace+${randomUUID().slice(0, 8)}@example.org`;
  await page.goto("/registration");
  await expectAccessible(page);
  await saveScreenshot(page, "registration-providers");
  await page.getByRole("button", { name: "Sign up with Example SSO" }).click();
  await signInAtExampleSso(page, email);

  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email });
  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByLabel("First name")).toHaveValue("Ada");
  await expect(profile.getByLabel("Last name")).toHaveValue("Lovelace");
  // The provider checked the address: nothing asks to verify it.
  await expect(page.getByText(/is not verified yet/)).toHaveCount(0);
  await page.goto("/verification");
  await expect(page.getByRole("region", { name: "Email addresses" }).getByRole("row").filter({ hasText: email })).toContainText(
    /Verified$/,
  );

  await signOut(page);
  await page.getByRole("button", { name: "Sign in with Example SSO" }).click();
  await signInAtExampleSso(page, email);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email });

  // An emailed code still signs the account in, so Kratos lets the provider go.
  await page.goto("/settings/security");
  await waitForApp(page);
  await expect(exampleSsoRow(page)).toContainText("Linked");
  await expectAccessible(page);
  await saveScreenshot(page, "settings-providers");
  const unlinked = Date.now();
  await exampleSsoRow(page).getByRole("button", { name: "Unlink Example SSO" }).click();
  // The card says it, where the focus goes; no toast repeats it (docs/accessibility.md, 4.1.3).
  await expect(providersCard(page).getByRole("status").filter({ hasText: "The provider was unlinked." })).toBeFocused();
  await expect(exampleSsoRow(page)).toContainText("Not linked");
  await expect(exampleSsoRow(page).getByRole("button", { name: "Link Example SSO" })).toBeVisible();
  const mail = await waitForMail(email, /^A sign-in provider was unlinked from your account$/, unlinked);
  expect(mail.text).toContain("example-sso was unlinked from your account");
});

test("a password account signs in with Example SSO under its address, proves the password, and ends linked", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  // The account was used before: the portal knows what it looked like, so it can tell the link is new.
  await signInByApi(page, user);
  await expect.poll(async () => JSON.stringify(await (await page.request.get("/api/account/activity")).json())).toContain("sign_in");
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Example SSO" }).click();
  await signInAtExampleSso(page, user.email);

  // Kratos' 1010016: the address belongs to an account; sign in to it to add the provider.
  await expect(page.getByText(/another account already uses that email address/)).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "login-link-provider");
  const linked = Date.now();
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in with password" }).click();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();

  await page.goto("/settings/security");
  await expect(exampleSsoRow(page)).toContainText("Linked");
  await waitForMail(user.email, /^A sign-in provider was linked to your account$/, linked);

  // From now on the provider alone signs this account in.
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with Example SSO" }).click();
  await signInAtExampleSso(page, user.email);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email: user.email });
});

test.describe("with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  test("the buttons post natively: sign up with Example SSO, then unlink it and link it again", async ({ page }) => {
    const email = `grace.hopper+${randomUUID().slice(0, 8)}@example.org`;
    await page.goto("/registration");
    await page.getByRole("button", { name: "Sign up with Example SSO" }).click();
    await signInAtExampleSso(page, email);
    await expect(page).not.toHaveURL(/\/registration/);
    expect(await apiSession(page)).toMatchObject({ status: 200, email });

    await page.goto("/settings");
    await expect(page.getByRole("region", { name: "Profile" }).getByLabel("First name")).toHaveValue("Grace");
    await page.goto("/settings/security");
    await exampleSsoRow(page).getByRole("button", { name: "Unlink Example SSO" }).click();
    // Kratos answers a native form at its settings UI URL, Profile; the sub-navigation's plain link leads back.
    await expect(page).toHaveURL(/\/settings\?flow=/);
    const sections = page.getByRole("navigation", { name: "Sections of Account Settings" });
    await sections.getByRole("link", { name: "Sign-in and security" }).click();
    await expect(exampleSsoRow(page)).toContainText("Not linked");

    await exampleSsoRow(page).getByRole("button", { name: "Link Example SSO" }).click();
    await signInAtExampleSso(page, email);
    await expect(page).toHaveURL(/\/settings\?flow=/);
    await sections.getByRole("link", { name: "Sign-in and security" }).click();
    await expect(exampleSsoRow(page)).toContainText("Linked");
  });
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("sign up with Example SSO: the buttons and the card in German, the account in German", async ({ page }) => {
    const email = uniqueEmail("grete.weiss");
    await page.goto("/registration");
    await page.getByRole("button", { name: "Mit Example SSO registrieren" }).click();
    await signInAtExampleSso(page, email);
    await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeVisible();
    await page.goto("/settings");
    await waitForApp(page);
    // The account starts in the language of the page it was made on.
    await expect(page.getByRole("region", { name: "Profil" }).getByLabel("Sprache", { exact: true })).toHaveValue("de");
    await page.goto("/settings/security");
    await waitForApp(page);
    await expect(exampleSsoRow(page, "Anmeldedienste")).toContainText("Verknüpft");
    await expect(exampleSsoRow(page, "Anmeldedienste").getByRole("button", { name: "Verknüpfung mit Example SSO aufheben" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("in Arabic", () => {
  test.use({ locale: "ar" });

  test("the sign-in page offers Example SSO right to left", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("button", { name: "تسجيل الدخول باستخدام Example SSO" })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "login-providers-ar");
  });
});

test("Kratos refuses to unlink the last way to sign in, and the card says why", async ({ browser }) => {
  // A stack of its own (Kratos, Hydra, Example SSO, the portal) starts in 20 to 60 s on a busy machine.
  test.setTimeout(120_000);
  // Without sign-in codes by mail, an account made with a provider has no other way in.
  const stack = await startPrivateStack({
    exampleSso: true,
    kratosConfig: { selfservice: { methods: { code: { passwordless_enabled: false } } } },
  });
  const context = await browser.newContext({ baseURL: stack.portalOrigin });
  try {
    const page = await context.newPage();
    await page.goto("/registration");
    await page.getByRole("button", { name: "Sign up with Example SSO" }).click();
    await signInAtExampleSso(page, uniqueEmail("last.way"));
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await page.goto("/settings/security");
    await waitForApp(page);
    // Kratos names the provider nowhere in this flow: the card shows its id, and why it stays.
    const row = providersCard(page).getByRole("row").filter({ hasText: "example-sso" });
    await expect(row).toContainText("This is your only way to sign in");
    await expect(row.getByRole("button")).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await context.close();
    await stack.stop();
  }
});
