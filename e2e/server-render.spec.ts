// Issue 19: the public pages come in the first answer, rendered by the server
// with the app's own components, and the app takes that markup over
// (hydration) without React finding a difference, which it would report as
// an error and answer by drawing the page again.
import { expect, test } from "./support/test.js";

for (const [path, heading] of [
  ["/login", "Sign in"],
  ["/registration", "Create account"],
  ["/recovery", "Recover your account"],
  ["/error", "Something went wrong"],
  ["/error?id=00000000-0000-0000-0000-000000000000", "Something went wrong"],
] as const) {
  test(`${path} comes rendered and the app takes it over without a mismatch`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`>${heading}</h1>`);

    const errors: string[] = [];
    page.on("console", (message) => {
      // Chromium's own line for an answer that is not 2xx (Kratos does not know this error id) is not the app's.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
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
