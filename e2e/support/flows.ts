// What several journeys do the same way through the pages: sign in with a
// password, read the shell's menu, the TOTP secret, sign out.
import { expect, type Page } from "@playwright/test";

export const menu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });

/** What the sign-in form says to a wrong password: Kratos' message 4000006 in our words (locales/en/kratos.ts). */
export const wrongCredentials = "The sign-in details are not right. Check your email address and password for typos.";

/** Fills the password form of the /login page the browser is on and sends it. */
export async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in with password" }).click();
}

/** Example SSO's own page: one field, Email, and Sign in; it says that it is a test provider. */
export async function signInAtExampleSso(page: Page, email: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Example SSO" })).toBeVisible();
  await expect(page.getByText(/test provider/)).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in through /login with email and password; the caller checks where that leads. */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await submitPassword(page, email, password);
}

/** Ends the session the way a user does: Logout in the menu, confirmed. */
export async function signOut(page: Page): Promise<void> {
  await menu(page).getByRole("button", { name: "Logout" }).click();
  await page.getByRole("dialog", { name: "Notification" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The TOTP secret key the Authenticator app card shows, as an authenticator app would read it. */
export async function totpSecretOn(page: Page): Promise<string> {
  const card = page.getByRole("region", { name: "Authenticator app" });
  const secret = (
    await card
      .getByRole("figure", { name: /authenticator app.s secret key/i })
      .locator("code")
      .textContent()
  )?.trim();
  if (!secret) throw new Error("the Authenticator app card shows no secret");
  return secret;
}

/**
 * Waits until the app took over a signed-in page the server rendered: its footer, which needs the browser's
 * time zone, is the app's own. Until then the page's forms post to Kratos natively (the app's toasts do not
 * show) and the side menu is as the server drew it (expanded).
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

/** What the portal's /api/session says about the page's session (status and body). */
export async function apiSession(page: Page): Promise<{ status: number; aal?: string; email?: string }> {
  const response = await page.request.get("/api/session");
  if (!response.ok()) return { status: response.status() };
  const body = (await response.json()) as { aal: string; identity: { traits?: { email?: string } } };
  return { status: response.status(), aal: body.aal, email: body.identity.traits?.email };
}

/** The public pages the server renders, each with its heading, as English says it. */
export const publicPages = [
  ["/login", "Sign in"],
  ["/registration", "Create account"],
  ["/recovery", "Recover your account"],
  ["/error", "Something went wrong"],
] as const;
