// Identities for browser tests: each test makes its own through Kratos' admin
// API, and can sign in without the UI when signing in is not what it tests.
import { expect, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { createIdentity, type TestIdentity } from "../../stack/testing/identities.js";
import { stack } from "./stack.js";

export type { TestIdentity };

export function newIdentity(options: Parameters<typeof createIdentity>[1] = {}): Promise<TestIdentity> {
  return createIdentity(stack.kratosAdminUrl, options);
}

interface Flow {
  id: string;
  ui: { nodes: { attributes: { name?: string; value?: unknown; id?: string; text?: { text?: string } } }[] };
}

const csrfOf = (flow: Flow) => flow.ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes.value;

/**
 * Signs the page's browser context in through Kratos' browser login flow (the
 * same cookies the login page would get), without driving the form.
 */
export async function signInByApi(page: Page, identity: TestIdentity): Promise<void> {
  const headers = { accept: "application/json" };
  const started = await page.request.get("/kratos/self-service/login/browser", { headers });
  expect(started.status()).toBe(200);
  const flow = (await started.json()) as Flow;
  const submitted = await page.request.post(`/kratos/self-service/login?flow=${flow.id}`, {
    headers,
    data: { method: "password", identifier: identity.email, password: identity.password, csrf_token: csrfOf(flow) },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/**
 * Signs in as signInByApi does, then sets up an authenticator app through
 * Kratos' settings flow, which Kratos counts as the second factor used: the
 * session is aal2, as admin work needs (ADMIN_REQUIRE_AAL2).
 */
export async function signInWithSecondFactorByApi(page: Page, identity: TestIdentity): Promise<void> {
  await signInByApi(page, identity);
  const headers = { accept: "application/json" };
  const started = await page.request.get("/kratos/self-service/settings/browser", { headers });
  expect(started.status()).toBe(200);
  const flow = (await started.json()) as Flow;
  const secret = flow.ui.nodes.find((node) => node.attributes.id === "totp_secret_key")?.attributes.text?.text;
  if (!secret) throw new Error("the settings flow offers no authenticator app secret");
  const submitted = await page.request.post(`/kratos/self-service/settings?flow=${flow.id}`, {
    headers,
    data: { method: "totp", totp_code: new TOTP({ secret }).generate(), csrf_token: csrfOf(flow) },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const session = await page.request.get("/api/session");
  expect(((await session.json()) as { aal?: string }).aal, "the session counts the second factor").toBe("aal2");
}
