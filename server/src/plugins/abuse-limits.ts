// Every abuse limit of the portal: Kratos has none of its own (ory/kratos#3037).
//
// Sign-in counts wrong attempts, not attempts: a submission reserves a point
// before Kratos sees it (so parallel guesses cannot slip past the check) and
// gets it back when Kratos signs the user in. Per account the lock holds
// whatever IP the guesses come from; a success clears it. The second factor
// has its own count per account, which a new first-factor sign-in does not
// clear. Mail (codes, recovery, verification, an email change) counts every
// request per address and per IP, as do registration and /api/* per IP.
//
// The counters live in a LimiterStore (services/limit-stores.ts): in this
// process's memory, or in the Redis that every portal shares when
// RATE_LIMIT_REDIS_URL is set.
import { createHash } from "node:crypto";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
  preHandlerHookHandler,
} from "fastify";
import fp from "fastify-plugin";
import ipaddr from "ipaddr.js";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { FlowKind } from "#contract/flows.js";
import type { AbuseLimits, Limit, PortalConfig } from "../config.js";
import { ClientError } from "../errors.js";
import { memoryStore, redisStore, type Counter, type LimiterStore } from "../services/limit-stores.js";

export interface SubmissionHooks {
  preHandler: preHandlerHookHandler;
  onResponse: onResponseHookHandler;
}

export interface AbuseLimitHooks {
  /** Per client IP, for every route of the scope that adds it. */
  api: onRequestHookHandler;
  /** For a Kratos flow submission of this kind, sent through the proxy. */
  submission(kind: FlowKind): SubmissionHooks;
}

declare module "fastify" {
  interface FastifyInstance {
    limits: AbuseLimitHooks;
  }
  interface FastifyRequest {
    limitCharges: Charge[] | null;
    /** The accounts a sign-in submission names, remembered for its session if it succeeds. */
    limitAccounts: string[] | null;
  }
}

/** Kratos' session cookie (its default name, which config/kratos keeps). */
const sessionCookie = "ory_kratos_session";

interface Counted {
  counter: Counter;
  /** The limit's name, for the log line of a 429. */
  name: string;
}

interface Charge extends Counted {
  key: string;
  /** A count of failures: on success the point is given back (reward) or the count cleared. */
  onSuccess?: "reward" | "clear";
}

/** Over a limit: the one error handler answers it; Retry-After tells when to try again, in seconds (the app words the wait). */
function tooMany(reply: FastifyReply, name: string, ms: number): ClientError {
  reply.header("retry-after", String(Math.max(1, Math.ceil(ms / 1000))));
  reply.log.info({ limit: name }, "an abuse limit holds");
  return new ClientError(429, "rate_limited");
}

/** IPv6 clients get a /64 each, so the key is the /64. */
export function ipKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  return `${address.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}

/** Account identifiers and addresses as Kratos matches them: case and whitespace do not matter. */
export function normalizeIdentifier(value: string): string {
  return value.normalize("NFKC").replace(/\s+/g, "").toLowerCase();
}

/**
 * Every value the submission gives a field: in a JSON body (Kratos also reads
 * "traits.email" flattened), in a form body, and in the query string, which
 * Kratos reads too for recovery and verification. Taking all of them means a
 * value Kratos reads is never one the limits missed.
 */
function fieldReader(request: FastifyRequest): (name: string) => string[] {
  const queryStart = request.url.indexOf("?");
  const query = new URLSearchParams(queryStart < 0 ? "" : request.url.slice(queryStart + 1));
  const body = request.body;
  let form: URLSearchParams | undefined;
  let json: Record<string, unknown> | undefined;
  if (typeof body === "string") form = new URLSearchParams(body);
  else if (body !== undefined && body !== null) {
    json = body as Record<string, unknown>;
    // Kratos' JSON decoding matches field names in any case ("IDENTIFIER");
    // its own names are lower case, so other spellings are refused here.
    const odd = Object.keys(json).find((key) => !/^[a-z0-9_.]+$/.test(key));
    if (odd !== undefined) throw new ClientError(400, "ambiguous_field");
  }
  return (name) => {
    const values: unknown[] = [...query.getAll(name), ...(form?.getAll(name) ?? [])];
    if (json) {
      values.push(json[name]);
      const dot = name.indexOf(".");
      if (dot > 0) values.push((json[name.slice(0, dot)] as Record<string, unknown> | undefined)?.[name.slice(dot + 1)]);
    }
    return values.flatMap((value) => (typeof value === "string" || typeof value === "number" ? [String(value)] : []));
  };
}

const distinct = (values: string[]) => [...new Set(values.map(normalizeIdentifier).filter((value) => value !== ""))];

function setCookies(reply: FastifyReply): string[] {
  const header = reply.getHeader("set-cookie");
  return Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
}

function setsSessionCookie(reply: FastifyReply): boolean {
  return setCookies(reply).some((cookie) => cookie.startsWith(`${sessionCookie}=`) && !cookie.startsWith(`${sessionCookie}=;`));
}

/** The value of Kratos' session cookie in a Cookie header. */
function sessionCookieOf(header: string | undefined): string | undefined {
  const pair = header
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${sessionCookie}=`));
  const value = pair?.slice(sessionCookie.length + 1);
  return value === "" ? undefined : value;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

function buildLimits(fastify: FastifyInstance, limits: AbuseLimits, store: LimiterStore, nativeFlows: boolean): AbuseLimitHooks {
  const counted = (keyPrefix: string, limit: Limit): Counted => ({ counter: store.counter({ keyPrefix, ...limit }), name: keyPrefix });
  const signInAccount = counted("sign-in-account", limits.signInAccount);
  const signInIp = counted("sign-in-ip", limits.signInIp);
  const secondFactor = counted("second-factor", limits.secondFactor);
  const mailAddress = counted("mail-address", limits.mailAddress);
  const mailIp = counted("mail-ip", limits.mailIp);
  const registrationIp = counted("registration-ip", limits.registrationIp);
  const apiIp = counted("api-ip", limits.apiIp);

  /** Takes a point of each; if one is over its limit, gives them all back and throws the 429. */
  async function charge(charges: Charge[], reply: FastifyReply): Promise<void> {
    const results = await Promise.allSettled(charges.map(({ counter, key }) => counter.consume(key)));
    const refused = results.flatMap((result, index) =>
      result.status === "rejected" && result.reason instanceof RateLimiterRes ? [{ charge: charges[index], wait: result.reason }] : [],
    );
    const broken = results.find((result) => result.status === "rejected" && !(result.reason instanceof RateLimiterRes));
    if (refused.length === 0 && broken === undefined) return;
    await Promise.all(charges.map(({ counter, key }) => counter.reward(key)));
    if (broken?.status === "rejected") throw broken.reason;
    const longest = refused.reduce((a, b) => (b.wait.msBeforeNext > a.wait.msBeforeNext ? b : a));
    throw tooMany(reply, longest.charge.name, longest.wait.msBeforeNext);
  }

  /**
   * Kratos' whoami refuses an aal1 session that still owes its second factor
   * (session_aal2_required), and no other public call names its account. So
   * the account is remembered when the first factor's answer sets the
   * session cookie, keyed by a hash of that cookie, in the store (so every
   * portal of a shared store knows it).
   */
  async function secondFactorKeys(request: FastifyRequest): Promise<string[]> {
    const session = sessionCookieOf(request.headers.cookie) ?? (nativeFlows ? request.headers["x-session-token"] : undefined);
    if (typeof session !== "string") return [];
    const fingerprint = hash(session);
    const accounts = await store.sessionAccounts.get(fingerprint);
    if (accounts) return accounts.map((account) => `account:${account}`);
    // A session whose first factor the store did not see (a memory store's restart, an expired link): counted on its own.
    return [`session:${fingerprint}`];
  }

  async function rememberAccounts(reply: FastifyReply, accounts: string[]): Promise<void> {
    const session = sessionCookieOf(
      setCookies(reply)
        .find((cookie) => cookie.startsWith(`${sessionCookie}=`))
        ?.split(";")[0],
    );
    if (session !== undefined && accounts.length > 0) await store.sessionAccounts.set(hash(session), accounts);
  }

  /** Whether a settings submission gives an email other than the signed-in identity's (Kratos then mails a code). */
  async function changesEmail(request: FastifyRequest, emails: string[]): Promise<boolean> {
    try {
      const session = await fastify.kratos.sessions.whoami(request.headers.cookie);
      const current = (session.identity?.traits as { email?: unknown } | undefined)?.email;
      return emails.some((email) => typeof current !== "string" || email !== normalizeIdentifier(current));
    } catch {
      return true;
    }
  }

  async function chargesFor(kind: FlowKind, request: FastifyRequest): Promise<Charge[]> {
    const field = fieldReader(request);
    const ip = ipKey(request.ip);
    const methods = field("method");
    // Kratos' code method mails a code unless one is given (or a new one is asked for).
    const asksForCode = methods.includes("code") && (field("code").every((code) => code === "") || field("resend").some(Boolean));
    const mail = (addresses: string[]): Charge[] => [
      ...addresses.map((address) => ({ ...mailAddress, key: address })),
      { ...mailIp, key: ip },
    ];
    switch (kind) {
      case "login": {
        const accounts = distinct([...field("identifier"), ...field("password_identifier")]);
        const charges: Charge[] = asksForCode ? mail(accounts) : [];
        if (!(asksForCode && methods.every((method) => method === "code"))) {
          charges.push(...accounts.map((account) => ({ ...signInAccount, key: account, onSuccess: "clear" as const })));
          charges.push({ ...signInIp, key: ip, onSuccess: "reward" });
        }
        if (methods.some((method) => method === "totp" || method === "lookup_secret")) {
          charges.push(...(await secondFactorKeys(request)).map((key) => ({ ...secondFactor, key, onSuccess: "clear" as const })));
        }
        request.limitAccounts = accounts;
        return charges;
      }
      case "registration":
        return [{ ...registrationIp, key: ip }, ...(asksForCode ? mail(distinct(field("traits.email"))) : [])];
      case "recovery":
      case "verification": {
        const addresses = distinct(field("email"));
        return addresses.length > 0 ? mail(addresses) : [];
      }
      case "settings": {
        const emails = distinct(field("traits.email"));
        return emails.length > 0 && (await changesEmail(request, emails)) ? mail(emails) : [];
      }
    }
  }

  return {
    api: async (request, reply) => {
      await charge([{ ...apiIp, key: ipKey(request.ip) }], reply);
    },

    submission(kind) {
      return {
        preHandler: async (request, reply) => {
          const charges = await chargesFor(kind, request);
          await charge(charges, reply);
          request.limitCharges = charges;
        },
        onResponse: async (request, reply) => {
          const failures = request.limitCharges?.filter((charge) => charge.onSuccess !== undefined) ?? [];
          // Kratos signed the user in (a JSON 200, or its session cookie on a 422 or a form's redirect).
          const succeeded = reply.statusCode === 200 || setsSessionCookie(reply);
          if (succeeded && request.limitAccounts) await rememberAccounts(reply, request.limitAccounts);
          // Kratos (or the way to it) failed: nothing was tried.
          const notTried = reply.statusCode >= 500;
          if (failures.length === 0 || (!succeeded && !notTried)) return;
          await Promise.all(
            failures.map(({ counter, key, onSuccess }) => (succeeded && onSuccess === "clear" ? counter.delete(key) : counter.reward(key))),
          );
        },
      };
    },
  };
}

export interface AbuseLimitOptions {
  config: PortalConfig;
  /** Where to count; by default Redis when RATE_LIMIT_REDIS_URL is set, else this process's memory. */
  store?: LimiterStore;
}

export default fp<AbuseLimitOptions>(
  async (fastify, { config, store: given }) => {
    const store = given ?? (config.rateLimitRedisUrl ? await redisStore(config.rateLimitRedisUrl, fastify.log) : memoryStore());
    fastify.addHook("onClose", () => store.close());
    fastify.decorateRequest("limitCharges", null);
    fastify.decorateRequest("limitAccounts", null);
    fastify.decorate("limits", buildLimits(fastify, config.limits, store, config.kratosNativeFlows));
  },
  { name: "abuse-limits", dependencies: ["kratos"] },
);
