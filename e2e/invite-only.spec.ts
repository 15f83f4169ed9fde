// Issue 35: self-registration switched off (REGISTRATION=invite-only), as
// `npm start` runs it: Kratos creates no account by itself, and no public page
// offers to create one; they say how to get an invitation instead.
import type { TestStack } from "../stack/test-stack.js";
import { expectAccessible } from "./support/a11y.js";
import { startPrivateStack } from "./support/private-stack.js";
import { expect, test as base } from "./support/test.js";

const test = base.extend<object, { inviteOnly: TestStack }>({
  inviteOnly: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stack = await startPrivateStack({ settingsEnv: { REGISTRATION: "invite-only" } });
      await use(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ inviteOnly }, use) => {
    await use(inviteOnly.portalOrigin);
  },
});

test("the sign-in page offers no account, and says accounts are by invitation", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeEnabled();
  await expect(page.getByText("New here? Accounts are by invitation: ask your administrator.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  await expectAccessible(page);
});

test("the registration page, with and without scripts, says how to get an invitation and has no form", async ({ browser, baseURL }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/registration");
    await expect(page.getByRole("heading", { name: "Accounts by invitation" })).toBeVisible();
    await expect(page.getByText(/Ask your administrator to invite you/)).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    if (javaScriptEnabled) await expectAccessible(page);
    await context.close();
  }
});

test("German: the same, in the reader's language", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/registration");
  await expect(page.getByRole("heading", { name: "Konten nur auf Einladung" })).toBeVisible();
  await page.goto("/login");
  await expect(page.getByText("Neu hier? Konten gibt es nur auf Einladung: Fragen Sie Ihre Administration.")).toBeVisible();
  await context.close();
});

test("Kratos itself starts no registration, so no provider's sign-in creates an account either", async ({ inviteOnly, request }) => {
  const kratos = await request.get(`${inviteOnly.publicUrl}/self-service/registration/api`);
  expect(kratos.status()).toBe(400);
  expect((await kratos.json()).error.id).toBe("self_service_flow_disabled");
  const portal = await request.get("/kratos/self-service/registration/browser", { headers: { accept: "application/json" } });
  expect(portal.status()).toBe(403);
  expect(await portal.json()).toEqual({ code: "registration_closed" });
});
