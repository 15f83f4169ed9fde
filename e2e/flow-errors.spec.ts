// Issue 4, journey 9 and the error page: a flow that cannot be used any more is
// replaced by a new one, with a word on why, and return_to survives.
import { expect, test } from "./support/test.js";
import { createIdentity } from "../testing/identities.js";
import { expectAccessible } from "./support/a11y.js";
import { menu, submitPassword } from "./support/flows.js";
import { newIdentity } from "./support/identities.js";
import { startPrivateStack } from "./support/private-stack.js";
import { saveScreenshot } from "./support/screenshots.js";
import { stack } from "./support/stack.js";

const flowIdIn = (url: string) => new URL(url).searchParams.get("flow");

/**
 * The browser is at `target` (origin and path): the page there may already have
 * added its own flow to the query, as /verification does at once.
 */
const atPage = (target: string) => (url: URL) => `${url.origin}${url.pathname}` === target;

test("a form that expired is replaced by a new one that says so and keeps return_to", async ({ page }) => {
  test.setTimeout(120_000);
  const lifespan = 8;
  const stack = await startPrivateStack({ kratosConfig: { selfservice: { flows: { login: { lifespan: `${lifespan}s` } } } } });
  try {
    const user = await createIdentity(stack.adminUrl);
    const returnTo = `${stack.portalOrigin}/verification`;
    await page.goto(`${stack.portalOrigin}/login?return_to=${encodeURIComponent(returnTo)}`);
    await expect(page).toHaveURL(/[?&]flow=/);
    const expiredFlow = flowIdIn(page.url());
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    // Until Kratos itself calls the flow expired (410), as it will when the form is sent.
    await expect
      .poll(async () => (await page.request.get(`${stack.portalOrigin}/kratos/self-service/login/flows?id=${expiredFlow}`)).status(), {
        timeout: (lifespan + 10) * 1000,
        intervals: [1000],
      })
      .toBe(410);
    await page.getByRole("button", { name: "Sign in with password" }).click();

    // Kratos answers 410 with a replacement flow that carries its own words on why.
    await expect(page.getByText(/^This sign-in page expired at .+\. Try again\.$/)).toBeVisible();
    await expect.poll(() => flowIdIn(page.url())).not.toBe(expiredFlow);
    await saveScreenshot(page, "login-expired");
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(atPage(returnTo));
    await expect(menu(page)).toBeVisible();
  } finally {
    await stack.stop();
  }
});

test("a forged anti-forgery token gets a new form with a message, and return_to is kept", async ({ page, baseURL }) => {
  const user = await newIdentity({ verified: true });
  const returnTo = `${baseURL}/verification`;
  await page.goto(`/login?return_to=${encodeURIComponent(returnTo)}`);
  await expect(page).toHaveURL(/[?&]flow=/);
  const firstFlow = flowIdIn(page.url());

  await page.route("**/kratos/self-service/login?flow=*", async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, csrf_token: "forged" }) });
  });
  await submitPassword(page, user.email, user.password);
  await expect(page.getByText(/The form was rejected for security reasons \(its anti-forgery token did not match\)/)).toBeVisible();
  await expect.poll(() => flowIdIn(page.url())).not.toBe(firstFlow);
  expect(new URL(page.url()).searchParams.get("return_to")).toBe(returnTo);
  await expect(menu(page)).toHaveCount(0);
  await expectAccessible(page);

  await page.unroute("**/kratos/self-service/login?flow=*");
  await submitPassword(page, user.email, user.password);
  await expect(page).toHaveURL(atPage(returnTo));
  await expect(menu(page)).toBeVisible();
});

test("an error Kratos cannot show in a flow gets the error page, in words, with a way back", async ({ page }) => {
  // Kratos refuses a return_to outside its allow list and sends the browser to the error page. Hydra's issuer:
  // the portal lets Kratos redirect there (CSP_FORM_ACTION_ORIGINS), Kratos' allow list does not name it.
  await page.goto(`/kratos/self-service/login/browser?return_to=${encodeURIComponent(`${stack.hydra.issuer}/`)}`);
  await expect(page).toHaveURL(/\/error\?id=/);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText(/return_to/i)).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "error");

  await page.getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("a return_to of another site gets the error page from the portal, in words, with a way back", async ({ page }) => {
  await page.goto(`/kratos/self-service/login/browser?return_to=${encodeURIComponent("https://elsewhere.example/")}`);
  await expect(page).toHaveURL(/\/error\?code=return_to_not_allowed$/);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("The address to return to after this step is not one of this portal's.", { exact: false })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
