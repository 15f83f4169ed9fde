// What the tests of the /api routes share: a browser signed in as a test
// identity, a request as the portal's app sends it (JSON, from the portal's
// origin, with the browser's cookies), an answer that must be the one
// expected before the test goes on, and the admin routes' refusals.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Test } from "tap";
import type { TestIdentity } from "../../../testing/identities.js";
import { Browser } from "./browser.js";

/** A browser signed in at the portal as the user, with a second factor enrolled if asked (admin work needs one). */
export async function signedIn(app: FastifyInstance, user: TestIdentity, { secondFactor = false } = {}): Promise<Browser> {
  const browser = new Browser(app);
  const response = await browser.signIn(user.email, user.password);
  if (response.statusCode !== 200) throw new Error(`sign-in: ${response.statusCode} ${response.body}`);
  if (secondFactor) await browser.enrolTotp();
  return browser;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CallOptions {
  /** The browser whose cookies it carries; none: signed out. */
  as?: Browser;
  /** The JSON body; a string is sent as written. */
  payload?: unknown;
  /** Headers over the app's own (another origin, a stale cookie). */
  headers?: Record<string, string>;
  /** The portal it goes to: by default the one `as` signed in at, else the caller's. */
  on?: FastifyInstance;
}

export type Call = (method: Method, url: string, options?: CallOptions) => Promise<LightMyRequestResponse>;

/** Requests to the portal as its app sends them, from the portal's origin; `app` answers those that name no portal. */
export function apiCaller(origin: string, app?: FastifyInstance): Call {
  return (method, url, { as, payload, headers = {}, on = as?.app ?? app } = {}) => {
    if (!on) throw new Error(`${method} ${url}: no portal to send it to`);
    const base: Record<string, string> = { accept: "application/json", origin };
    if (as) base.cookie = as.cookieHeader();
    if (payload !== undefined) base["content-type"] = "application/json";
    return on.inject({
      method,
      url,
      headers: { ...base, ...headers },
      ...(payload === undefined ? {} : { payload: typeof payload === "string" ? payload : JSON.stringify(payload) }),
    });
  };
}

/** The answer, if it has the status expected; else the test stops with what came instead. */
export function ok(response: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  if (response.statusCode !== status) throw new Error(`${status} expected: ${response.statusCode} ${response.body}`);
  return response;
}

export interface Route {
  method: Method;
  url: string;
  payload?: unknown;
}

/**
 * Each admin route refuses the signed-out (401), a user without the admin role (403 role_required) and an admin
 * signed in with one factor (403 aal2_required).
 */
export async function refusesAllButAdmins(
  t: Test,
  call: Call,
  routes: Route[],
  { user, oneFactorAdmin }: { user: Browser; oneFactorAdmin: Browser },
): Promise<void> {
  for (const { method, url, payload } of routes) {
    t.equal((await call(method, url, { payload })).statusCode, 401, `${method} ${url} signed out`);
    const refused = await call(method, url, { as: user, payload });
    t.same([refused.statusCode, refused.json()], [403, { code: "role_required" }], `${method} ${url} without the role`);
    const aal1 = await call(method, url, { as: oneFactorAdmin, payload });
    t.same([aal1.statusCode, aal1.json()], [403, { code: "aal2_required" }], `${method} ${url} as an admin with one factor`);
  }
}
