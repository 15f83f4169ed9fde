// Issue 48: the accessibility tree of the journeys' main pages (Playwright's
// ARIA snapshot: roles, names, levels, order), kept in e2e/aria.spec.ts-snapshots/
// in English and Arabic, so that a change of what a screen reader hears is
// seen in review. After a deliberate change: `npm test -- e2e -- e2e/aria.spec.ts --update-snapshots`.
import { languageCookie } from "#contract/languages.js";
import { waitForApp } from "./support/flows.js";
import { newIdentity, signInByApi } from "./support/identities.js";
import { stack } from "./support/stack.js";
import { expect, test } from "./support/test.js";

const pages = [
  { name: "login", path: "/login", signedIn: false },
  { name: "registration", path: "/registration", signedIn: false },
  { name: "recovery", path: "/recovery", signedIn: false },
  { name: "changepwd", path: "/changepwd", signedIn: true },
  { name: "security", path: "/settings/security", signedIn: true },
  { name: "verification", path: "/verification", signedIn: true },
] as const;

for (const language of ["en", "ar"] as const) {
  test(`the accessibility tree of the journeys' pages: ${language}`, async ({ page }) => {
    await page.context().addCookies([{ name: languageCookie, value: language, url: stack.portalOrigin }]);
    // The public pages first: signed in, /login would lead away.
    let signedInYet = false;
    for (const { name, path, signedIn } of pages) {
      if (signedIn && !signedInYet) {
        await signInByApi(page, await newIdentity({ name: { first: "Ada", last: "Lovelace" } }));
        signedInYet = true;
      }
      await page.goto(path);
      if (signedIn) await waitForApp(page);
      else await expect(page.locator(".public-tools select").last()).toBeEnabled();
      await expect(page.locator("main"), `${name}, ${language}`).toMatchAriaSnapshot({ name: `${name}-${language}.aria.yml` });
    }
  });
}
