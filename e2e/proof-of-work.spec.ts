// Issue 47, item 3: a proof-of-work check before the hard limit. Past half of
// a sign-in limit, the form asks the browser for an ALTCHA challenge, which
// the widget solves in a worker (with the CSP as strict as ever: the test's
// context fails on any violation) and sends the form again by itself; the
// owner's own browser is never asked; without script the form waits instead.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, submitPassword, wrongCredentials } from "./support/flows.js";
import { startPrivateStack } from "./support/private-stack.js";
import { createIdentity } from "../testing/identities.js";

/** The statuses of the page's sign-in submissions, in order. */
function loginAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST" && response.url().includes("/self-service/login")) statuses.push(response.status());
  });
  return statuses;
}

test("30 wrong passwords from one address meet the challenge before any refusal; the owner's browser still signs in", async ({
  browser,
  page,
}) => {
  // A stack of its own, then 30 guesses, two thirds of them with a challenge solved in the page.
  test.setTimeout(300_000);
  // A portal of its own (the shared one counts every test's guesses from this one address), with a limit per
  // address that 30 wrong passwords do not reach: three accounts of 10 guesses each.
  const stack = await startPrivateStack({ portalEnv: { LIMIT_SIGN_IN_IP: "40/15m" } });
  const ownerContext = await browser.newContext();
  try {
    const accounts = await Promise.all([1, 2, 3].map(() => createIdentity(stack.adminUrl, { verified: true })));
    const owner = accounts[0];
    const ownersPage = await ownerContext.newPage();
    await ownersPage.goto(`${stack.portalOrigin}/login`);
    await submitPassword(ownersPage, owner.email, owner.password);
    await expect(menu(ownersPage), "the owner signed in here before: the browser is known").toBeVisible();
    await ownerContext.clearCookies({ name: "ory_kratos_session" });

    const answers = loginAnswers(page);
    await page.goto(`${stack.portalOrigin}/login`);
    const check = page.getByText("Many attempts were made here recently, so your browser first does a short calculation");
    let guess = 0;
    for (const account of accounts) {
      for (let attempt = 1; attempt <= 10; attempt++) {
        guess += 1;
        const reachedKratos = page.waitForResponse(
          (response) =>
            response.request().method() === "POST" && response.url().includes("/self-service/login") && response.status() !== 428,
        );
        await submitPassword(page, account.email, `${account.password}-guess-${attempt}`);
        expect((await reachedKratos).status(), `guess ${guess} reaches Kratos`).toBe(400);
        await expect(page.getByText(wrongCredentials)).toBeVisible();
        if (guess === 6) {
          expect(answers, "the 6th guess at one account was asked for a challenge first").toContain(428);
          await expect(check, "the widget is gone once solved").toBeHidden();
        }
      }
    }
    expect(
      answers.filter((status) => status === 429),
      "no refusal",
    ).toEqual([]);
    // Past half of each account's 10 (its guesses 6 to 10), and past half of the address' 40 (guesses 21 to 30).
    expect(answers.filter((status) => status === 428).length, "every guess past half of a limit, once").toBe(5 + 5 + 10);

    const ownersAnswers = loginAnswers(ownersPage);
    await ownersPage.goto(`${stack.portalOrigin}/login`);
    await submitPassword(ownersPage, owner.email, owner.password);
    await expect(menu(ownersPage), "the owner's browser signs in").toBeVisible();
    expect(ownersAnswers, "without a challenge").not.toContain(428);
  } finally {
    await ownerContext.close();
    await stack.stop();
  }
});

test("a person with a screen reader hears the check and gets through", async ({ page }) => {
  test.setTimeout(120_000);
  const stack = await startPrivateStack({ portalEnv: { LIMIT_SIGN_IN_ACCOUNT: "2/15m" } });
  try {
    const user = await createIdentity(stack.adminUrl, { verified: true });
    await page.goto(`${stack.portalOrigin}/login`);
    await submitPassword(page, user.email, "wrong");
    await expect(page.getByText(wrongCredentials)).toBeVisible();
    // Held at the widget: its challenge stays unanswered until the test lets it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/proof-of-work", async (route) => {
      await held;
      await route.continue();
    });
    await submitPassword(page, user.email, user.password);
    await expect(page.getByText(/^Many attempts were made here recently/)).toBeVisible();
    // The widget started by itself: its checkbox is named by what it is doing, which its live region says.
    await expect(page.getByRole("checkbox", { name: "Calculating…" })).toBeAttached();
    await expectAccessible(page);
    release();
    await expect(menu(page), "solved, the form went again by itself and signed in").toBeVisible();
  } finally {
    await stack.stop();
  }
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("a form past half of the limit is held a few seconds instead, then Kratos answers", async ({ page }) => {
    test.setTimeout(120_000);
    const stack = await startPrivateStack({ portalEnv: { LIMIT_SIGN_IN_ACCOUNT: "2/15m", CHALLENGE_NO_SCRIPT_WAIT: "3s" } });
    try {
      const user = await createIdentity(stack.adminUrl, { verified: true });
      await page.goto(`${stack.portalOrigin}/login`);
      await submitPassword(page, user.email, "wrong");
      await expect(page.getByText(wrongCredentials)).toBeVisible();
      const started = Date.now();
      await submitPassword(page, user.email, user.password);
      await expect(page).not.toHaveURL(/\/login/);
      expect(Date.now() - started, "held before it went on").toBeGreaterThanOrEqual(3000);
      expect((await page.request.get(`${stack.portalOrigin}/api/session`)).status(), "signed in").toBe(200);
    } finally {
      await stack.stop();
    }
  });
});
