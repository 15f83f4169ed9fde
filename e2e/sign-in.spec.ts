// Issue 4, journey 2: signing in with a password (and failing with a wrong
// one), and with a one-time code from the mail.
import { expect, test } from "./support/test.js";
import { expectAccessible } from "./support/a11y.js";
import { apiSession, menu, submitPassword } from "./support/flows.js";
import { newIdentity } from "./support/identities.js";
import { codeIn, waitForMail } from "./support/mail.js";
import { saveScreenshot } from "./support/screenshots.js";

test("a wrong password shows Kratos' message; the right one signs in", async ({ page }) => {
  const user = await newIdentity({ verified: true });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "login");

  await submitPassword(page, user.email, `${user.password}-wrong`);
  await expect(page.getByText(/The provided credentials are invalid/)).toBeVisible();
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
  await page.getByRole("button", { name: "Send sign in code" }).click();

  const code = page.getByLabel("Login code");
  await expect(code).toBeVisible();
  await saveScreenshot(page, "login-code");
  const mail = await waitForMail(user.email, /login to your account/i, since);
  await code.fill(codeIn(mail));
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(menu(page)).toBeVisible();
  expect(await apiSession(page)).toMatchObject({ status: 200, email: user.email });
});

test("the sign-in page comes with its flow and the session check: the form shows without a request of the app's own", async ({ page }) => {
  const asked: string[] = [];
  // The app's own calls, not the scripts the flow names (Kratos' webauthn.js), which load whenever the
  // form has rendered, before or after the checks below.
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    const call = ["fetch", "xhr"].includes(request.resourceType());
    if (call && (pathname.startsWith("/kratos/") || pathname.startsWith("/api/"))) asked.push(pathname);
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
