// What the abuse-limit tests share: a portal behind a trusted proxy on
// loopback (so that X-Forwarded-For plays many client addresses), a browser
// at one of them, fresh addresses, and the check of a 429.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { TOTP } from "otpauth";
import type { Test } from "tap";
import type { CookieJar } from "tough-cookie";
import type { FlowKind } from "../../../testing/kratos-browser.js";
import { build, type Env } from "./build.js";
import { Browser } from "./browser.js";
import type { KratosForTest } from "./kratos.js";

/**
 * A portal of the test's own, behind a trusted proxy on loopback, with the limits it names. The limits count
 * to their refusal without the proof-of-work check before it (CHALLENGE_FROM=off) unless the test sets it.
 */
export const limitedPortal = (t: Test, kratos: KratosForTest, env: Env = {}) =>
  build(t, { ...kratos.env, TRUST_PROXY: "127.0.0.1", CHALLENGE_FROM: "off", ...env });

/** One browser (cookie jar) at one client IP; with nativeForms, it submits flows as natively submitted HTML forms. */
export class Client extends Browser {
  constructor(
    app: FastifyInstance,
    readonly ip: string,
    options: { jar?: CookieJar; nativeForms?: boolean; headers?: Record<string, string> } = {},
  ) {
    super(app, { ...options, headers: { "x-forwarded-for": ip, ...options.headers } });
  }

  /** Starts a flow of this kind and submits it. */
  async fill(kind: FlowKind, fields: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return this.submit(kind, await this.startFlow(kind), fields);
  }
}

/** The code the user's authenticator app shows now. */
export const totpOf = (secret: string) => new TOTP({ secret }).generate();

/** A code the authenticator app does not show now. */
export const wrongTotpOf = (secret: string) => String((Number(totpOf(secret)) + 500_000) % 1_000_000).padStart(6, "0");

let lastIp = 0;
/** A fresh client address each time, as a botnet would have (TEST-NET-2 and -3). */
export const newIp = () => {
  lastIp += 1;
  return `${lastIp <= 250 ? "198.51.100" : "203.0.113"}.${((lastIp - 1) % 250) + 1}`;
};

/** A 429 with the code the app words, and Retry-After in seconds (within `wait`, [least, most], where given). */
export function assertLimited(t: Test, response: LightMyRequestResponse, note: string, wait?: [number, number]): void {
  t.equal(response.statusCode, 429, note);
  const retryAfter = Number(response.headers["retry-after"]);
  t.ok(Number.isInteger(retryAfter) && retryAfter > 0, "with Retry-After in seconds");
  if (wait) t.ok(retryAfter >= wait[0] && retryAfter <= wait[1], `Retry-After ${retryAfter} is within ${wait.join("–")} s`);
  t.same(response.json(), { code: "rate_limited" }, "a code, no words");
}

/** The portal refused the submission before Kratos saw it: it could be read two ways. */
export function assertAmbiguous(t: Test, response: LightMyRequestResponse, note: string): void {
  t.equal(response.statusCode, 400, note);
  t.match(response.json(), { code: "ambiguous_request" }, "as ambiguous");
}
