// Issue 19: the public pages come in the first answer, rendered by the server
// with the app's own components, and the app takes that markup over
// (hydration) without React finding a difference, which it would report as
// an error and answer by drawing the page again.
import { newIdentity, signInByApi } from "./support/identities.js";
import { recordPageErrors } from "./support/page-errors.js";
import { expect, test } from "./support/test.js";
import { publicPages } from "./support/flows.js";

for (const [path, heading] of [...publicPages, ["/error?id=00000000-0000-0000-0000-000000000000", "Something went wrong"]] as const) {
  test(`${path} comes rendered and the app takes it over without a mismatch`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`>${heading}</h1>`);

    const errors = recordPageErrors(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    if (path === "/login") {
      // Hydrated: the app loaded Kratos' script, and the passkey button says it is ready.
      await expect(page.getByRole("button", { name: "Sign in with passkey", exact: true })).toBeEnabled();
    } else {
      await page.waitForLoadState("networkidle");
    }
    expect(errors).toEqual([]);
  });
}

test("/verification comes rendered inside the shell for a signed-in user, and the app takes it over without a mismatch", async ({
  page,
}) => {
  const user = await newIdentity();
  await signInByApi(page, user);
  const html = await (await page.request.get("/verification")).text();
  expect(html).toContain(">Verify Account</h1>");
  expect(html).toContain(user.email);

  const errors = recordPageErrors(page);
  await page.goto("/verification");
  await expect(page.getByRole("heading", { name: "Verify Account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Hydrated: the footer that needs the browser's time zone is there.
  await expect(page.getByText(/Your session is valid until/)).toBeVisible();
  expect(errors).toEqual([]);
});

test("/verification without a session is not rendered by the server: the app sends the visitor to sign in", async ({ request }) => {
  const html = await (await request.get("/verification")).text();
  expect(html).not.toContain("Verify Account</h1>");
});
