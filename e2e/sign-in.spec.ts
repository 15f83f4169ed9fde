// Issue 4, journey 2: signing in with a password (and failing with a wrong
// one), and with a one-time code from the mail.
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { apiSession, menu, submitPassword, wrongCredentials } from "./support/flows.js";
import { newIdentity } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";
import { startPrivateStack } from "./support/private-stack.js";
import { createIdentity } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";

test("a wrong password shows Kratos' message; the right one signs in", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "login");

  await submitPassword(page, user.email, `${user.password}-wrong`);
  await expect(page.getByText(wrongCredentials)).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
  await expectAccessible(page);
  await saveScreenshot(page, "login-wrong-password");

  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in with password" }).click();
  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, aal: "aal1", email: user.email });
});

test("sign in with a code from the mail", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  const since = Date.now();
  await page.getByRole("button", { name: "Send sign-in code" }).click();

  const code = page.getByLabel("Sign-in code");
  await expect(code).toBeVisible();
  await saveScreenshot(page, "login-code");
  const mail = await waitForMail(user.email, /your sign-in code/i, since);
  await code.fill(codeIn(mail));
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email: user.email });
});

test("the sign-in page comes with its flow and the session check: the form shows without a request of the app's own", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    // What the app asks for itself; Kratos' webauthn.js, which the flow's passkey field loads, is a script, not a question.
    if (["fetch", "xhr"].includes(request.resourceType())) asked.push(new URL(request.url()).pathname);
  });
  await page.goto("/login?return_to=%2Fverification");
  await expect(page.getByLabel("Email")).toBeEnabled();
  await expect(page).toHaveURL(/[?&]flow=/);
  expect(asked, "Kratos and the session check were asked while the page was made").toEqual([]);
  const flowId = new URL(page.url()).searchParams.get("flow");
  const flow = await page.request.get(`/kratos/self-service/login/flows?id=${flowId}`);
  expect(flow.status(), "the flow and its anti-CSRF cookie are this browser's").toBe(200);
  expect(((await flow.json()) as { return_to?: string }).return_to).toMatch(/\/verification$/);
});

test("after too many wrong passwords the form says when to try again, and the right one waits too", async ({ page }) => {
  // A stack of its own starts first: on a busy machine that alone took 30 s.
  test.setTimeout(120_000);
  // A portal of its own with a lower limit, so that these guesses count against nobody else's.
  const stack = await startPrivateStack({ portalEnv: { LIMIT_SIGN_IN_ACCOUNT: "2/15m", CHALLENGE_FROM: "off" } });
  try {
    const user = await createIdentity(stack.adminUrl, { verified: true });
    await page.goto(`${stack.portalOrigin}/login`);
    for (let guess = 1; guess <= 2; guess++) {
      const answered = page.waitForResponse(
        (response) => response.request().method() === "POST" && response.url().includes("/self-service/login"),
      );
      await submitPassword(page, user.email, `${user.password}-guess-${guess}`);
      expect((await answered).status(), `guess ${guess} reaches Kratos`).toBe(400);
      await expect(page.getByText(wrongCredentials)).toBeVisible();
    }

    await submitPassword(page, user.email, user.password);
    const refusal = page.getByRole("alert").filter({ hasText: "Too many attempts. Try again in 15 minutes." });
    await expect(refusal).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true }), "the form stays, to try again later").toBeVisible();
    await expect(menu(page)).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, "login-rate-limited");
  } finally {
    await stack.stop();
  }
});

test("the owner signs in from a browser they used before while an attacker's guesses lock the account for everyone else", async ({
  page,
  playwright,
}) => {
  // A stack of its own starts first: on a busy machine that alone took 30 s.
  test.setTimeout(120_000);
  // A portal of its own with a lower limit, so that these guesses count against nobody else's.
  const stack = await startPrivateStack({ portalEnv: { LIMIT_SIGN_IN_ACCOUNT: "3/15m", CHALLENGE_FROM: "off" } });
  const attacker = await playwright.request.newContext();
  try {
    const owner = await createIdentity(stack.adminUrl, { verified: true });
    await page.goto(`${stack.portalOrigin}/login`);
    await submitPassword(page, owner.email, owner.password);
    await expect(menu(page)).toBeVisible();
    await menu(page).getByRole("button", { name: "Logout" }).click();
    await page.getByRole("dialog", { name: "Notification" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/login/);

    const guesser = new RequestContextBrowser(attacker, stack.portalOrigin);
    for (let guess = 1; guess <= 3; guess++)
      expect((await guesser.signIn(owner.email, `guess-${guess}`)).status(), `guess ${guess}`).toBe(400);
    expect((await guesser.signIn(owner.email, owner.password)).status(), "the account is locked for the attacker's browser").toBe(429);

    await submitPassword(page, owner.email, owner.password);
    await expect(menu(page), "the owner's browser signs in during the attack").toBeVisible();
    expect((await page.request.get(`${stack.portalOrigin}/api/session`)).status()).toBe(200);
  } finally {
    await attacker.dispose();
    await stack.stop();
  }
});
