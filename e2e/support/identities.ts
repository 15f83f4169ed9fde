// Identities for browser tests: each test makes its own through Kratos' admin
// API, and can sign in without the UI when signing in is not what it tests.
import { expect, type Page } from "@playwright/test";
import { createIdentity, type TestIdentity } from "../../testing/identities.js";
import { RequestContextBrowser } from "../../testing/request-context-browser.js";
import { stack } from "./stack.js";

export type { TestIdentity };

export function newIdentity(options: Parameters<typeof createIdentity>[1] = {}): Promise<TestIdentity> {
  return createIdentity(stack.kratosAdminUrl, options);
}

/**
 * Signs the page's browser context in through Kratos' browser login flow (the
 * same cookies the login page would get), without driving the form; at the
 * shared stack's portal unless the page's context is another's (a private stack).
 */
export async function signInByApi(page: Page, identity: TestIdentity, portal = stack.portalOrigin): Promise<void> {
  const submitted = await new RequestContextBrowser(page.request, portal).signIn(identity.email, identity.password);
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/**
 * Signs in as signInByApi does, then sets up an authenticator app through
 * Kratos' settings flow, which Kratos counts as the second factor used: the
 * session is aal2, as admin work needs (ADMIN_REQUIRE_AAL2).
 */
export async function signInWithSecondFactorByApi(page: Page, identity: TestIdentity, portal = stack.portalOrigin): Promise<void> {
  await signInByApi(page, identity, portal);
  await new RequestContextBrowser(page.request, portal).enrolTotp();
  const session = await page.request.get(`${portal}/api/session`);
  expect(((await session.json()) as { aal?: string }).aal, "the session counts the second factor").toBe("aal2");
}
