// Identities for browser tests: each test makes its own through Kratos' admin
// API, and can sign in without the UI when signing in is not what it tests.
import { expect, type Page } from "@playwright/test";
import { createIdentity, type TestIdentity } from "../../stack/testing/identities.js";
import { stack } from "./stack.js";

export type { TestIdentity };

export function newIdentity(options: Parameters<typeof createIdentity>[1] = {}): Promise<TestIdentity> {
  return createIdentity(stack.kratosAdminUrl, options);
}

interface LoginFlow {
  id: string;
  ui: { nodes: { attributes: { name?: string; value?: unknown } }[] };
}

/**
 * Signs the page's browser context in through Kratos' browser login flow (the
 * same cookies the login page would get), without driving the form.
 */
export async function signInByApi(page: Page, identity: TestIdentity): Promise<void> {
  const headers = { accept: "application/json" };
  const started = await page.request.get("/kratos/self-service/login/browser", { headers });
  expect(started.status()).toBe(200);
  const flow = (await started.json()) as LoginFlow;
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes.value;
  const submitted = await page.request.post(`/kratos/self-service/login?flow=${flow.id}`, {
    headers,
    data: { method: "password", identifier: identity.email, password: identity.password, csrf_token: csrf },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}
