// Issue 44: a return_to that Kratos' allow list reads (with Go's URL parser)
// as a page of the portal, and that the browser (WHATWG) reads as another
// host: `http:\\evil.example/`. Through every way a browser is sent back
// after a sign-in or sign-out, the browser stays on the portal.
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { apiSession, signInAtExampleSso, submitPassword } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { stack } from "./support/stack.js";
import { expect, test } from "./support/test.js";

const readOtherwise = ["http:\\\\evil.example/", "http:\\/evil.example/"];

/**
 * The requests the context makes to evil.example, answered here. Playwright does not route a redirect's next
 * hop: a redirect there fails to load, and the page's URL says where the browser went.
 */
async function watchEvil(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(/^https?:\/\/evil\.example\//, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: "text/plain", body: "evil.example" });
  });
  return requests;
}

async function expectOnPortal(page: Page, evil: string[]): Promise<void> {
  await expect(page).toHaveURL((url) => url.origin === stack.portalOrigin);
  expect(evil, "the browser never went to evil.example").toEqual([]);
}

// The providers' sign-ins share Example SSO's SQLite Hydra, one after another (providers.spec.ts).
test.describe.configure({ mode: "default" });

for (const returnTo of readOtherwise) {
  test.describe(`return_to=${returnTo}`, () => {
    test.describe("with scripts off", () => {
      test.use({ javaScriptEnabled: false });

      test("signing in with the password lands on the portal", async ({ page, context }) => {
        const evil = await watchEvil(context);
        const user = await newIdentity({ verified: true });
        await page.goto(`/login?return_to=${encodeURIComponent(returnTo)}`);
        await submitPassword(page, user.email, user.password);
        await expect(page).not.toHaveURL(/\/login/);
        await expectOnPortal(page, evil);
        expect(await apiSession(page)).toMatchObject({ status: 200, email: user.email });
      });
    });

    test("signing out lands on the portal", async ({ page, context }) => {
      const evil = await watchEvil(context);
      const user = await newIdentity({ verified: true });
      await signInByApi(page, user);
      // The logout URL Kratos hands out, with the return_to a link of the attacker's would add.
      const logout = await page.request.get("/kratos/self-service/logout/browser", { headers: { accept: "application/json" } });
      const { logout_url: logoutUrl } = (await logout.json()) as { logout_url: string };
      await page.goto(`${logoutUrl}&return_to=${encodeURIComponent(returnTo)}`);
      await expectOnPortal(page, evil);
    });

    test("signing in with Example SSO lands on the portal", async ({ page, context }) => {
      const evil = await watchEvil(context);
      const email = `ada.lovelace+${randomUUID().slice(0, 8)}@example.org`;
      await page.goto(`/login?return_to=${encodeURIComponent(returnTo)}`);
      await page.getByRole("button", { name: "Sign in with Example SSO" }).click();
      await signInAtExampleSso(page, email);
      await expect(page).toHaveURL((url) => url.origin === stack.portalOrigin && !url.pathname.startsWith("/login"));
      await expectOnPortal(page, evil);
      expect(await apiSession(page)).toMatchObject({ status: 200, email });
    });
  });
}
