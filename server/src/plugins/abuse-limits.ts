// Every abuse limit of the portal: Kratos has none of its own (ory/kratos#3037).
//
// The limits count exactly what Kratos acts on: kratos/submission.ts reads a
// submission as Kratos v1.3.1 does (the method's own fields, Go's parsing and
// normalisation, the session Kratos resolves) and refuses one that could be
// read two ways, before anything is counted.
//
// Sign-in counts wrong attempts, not attempts: a submission reserves a point
// before Kratos sees it (so parallel guesses cannot slip past the check) and
// gets it back when Kratos signs the user in. Per account the lock holds
// whatever IP the guesses come from, but only for browsers the owner never
// signed in with: a browser with the account's device cookie
// (services/device-cookies.ts) counts on its own. The second factor has its
// own count per account, which a new first-factor sign-in does not clear.
// Mail (codes, recovery, verification, an email change) counts every request
// per address (from a known browser, per address and browser) and per IP, as
// do registration, new flows and /api/* per IP. The portal's own mails (the
// outbox: security notices, admins' changes) count per address too. IPv6 counts per /64 and, with
// a larger budget, per /48.
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
  onSendHookHandler,
  preHandlerHookHandler,
} from "fastify";
import fp from "fastify-plugin";
import ipaddr from "ipaddr.js";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { FlowKind } from "#contract/flows.js";
import type { AbuseLimits, Limit, PortalConfig } from "../config.js";
import { ClientError } from "../errors.js";
import {
  ambiguousSubmission,
  assertNotInQuery,
  assertPlainContentType,
  normalizeIdentifier,
  readSubmission,
  sessionCookieName,
  sessionCredential,
  type SubmissionFields,
} from "../kratos/submission.js";
import { deviceCookies, type DeviceCookies } from "../services/device-cookies.js";
import { memoryStore, redisStore, type Counter, type LimiterStore } from "../services/limit-stores.js";

export interface SubmissionHooks {
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler;
  onResponse: onResponseHookHandler;
}

export interface AbuseLimitHooks {
  /** Per client IP, for every route of the scope that adds it. */
  api: onRequestHookHandler;
  /** For a Kratos flow submission of this kind, sent through the proxy. */
  submission(kind: FlowKind): SubmissionHooks;
  /** Takes a point of the client's new-flow budget; throws the 429 over it. */
  newFlow(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Per signed-in account, for a route whose rules include a session (add it after them). */
  account(rule: AccountRule): preHandlerHookHandler;
  /** Counts one refused call of the Kratos hook route for the client IP; throws the 429 once over the limit. */
  hookRefusal(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Takes a point of the address's quota of the portal's own mails (the outbox's); false when it is spent. */
  portalMail: (address: string) => Promise<boolean>;
  /** A provider's answer at Kratos' callback (Kratos then calls the provider): per client IP. */
  providerCallback: onRequestHookHandler;
}

/** The limits counted per account. */
export type AccountRule = "accountDeletion" | "sessionExtension" | "adminAction" | "dataExport";

declare module "fastify" {
  interface FastifyInstance {
    limits: AbuseLimitHooks;
  }
  interface FastifyRequest {
    limitCharges: Charge[] | null;
    /** The account a sign-in submission names as Kratos reads it: credited if Kratos signs it in. */
    limitAccount: string | null;
  }
}

interface Counted {
  counter: Counter;
  /** Its name in the metrics of refusals (the counter's key prefix). */
  rule: string;
}

interface Charge extends Counted {
  key: string;
  /** A count of failures: on success the point is given back (reward) or the count cleared. */
  onSuccess?: "reward" | "clear";
}

/** Over a limit: the one error handler answers it; Retry-After tells when to try again, in seconds (the app words the wait). */
function tooMany(reply: FastifyReply, { rule }: Counted, ms: number): ClientError {
  reply.header("retry-after", String(Math.max(1, Math.ceil(ms / 1000))));
  // The rule is for the metrics (plugins/metrics.ts), never for the answer.
  return Object.assign(new ClientError(429, "rate_limited"), { rule });
}

/** How many /64 budgets a /48 has: an IPv6 site usually gets a /48, and each of its networks a /64. */
export const ipv6SiteFactor = 16;

/** The client's network: an IPv4 address, or its IPv6 /64 and /48 (an IPv6 client gets a /64 of its own, a site a /48). */
export function ipKeys(ip: string): { network: string; site?: string } {
  if (!ipaddr.isValid(ip)) return { network: ip };
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return { network: address.toString() };
  const groups = address.toNormalizedString().split(":");
  return { network: `${groups.slice(0, 4).join(":")}::/64`, site: `${groups.slice(0, 3).join(":")}::/48` };
}

/** The key of an account or address in the store: fixed in length, and no address in Redis. */
const accountKey = (account: string) => createHash("sha256").update(account).digest("base64url");

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

function setCookies(reply: FastifyReply): string[] {
  const header = reply.getHeader("set-cookie");
  return Array.isArray(header) ? header.map(String) : header === undefined ? [] : [String(header)];
}

/** The session cookie's value in the answer, when Kratos signed someone in. */
function newSessionCookie(reply: FastifyReply): string | undefined {
  const pair = setCookies(reply)
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((pair) => pair.startsWith(`${sessionCookieName}=`));
  const value = pair?.slice(sessionCookieName.length + 1);
  return value === "" ? undefined : value;
}

/** The fields of Kratos' oidc strategy that it reads from the query as well as the body. */
const oidcFields = ["provider", "link", "unlink", "method"];

/** Whether Kratos' oidc strategy takes the submission: no method, or "oidc" in any case (strings.EqualFold). */
const oidcMethod = (fields: SubmissionFields) => {
  const method = fields.first("method");
  return method === undefined || method === "" || method.toLowerCase() === "oidc";
};

/** An identifier as Kratos matches it, or undefined when there is none. */
const accountOf = (value: string | undefined) => {
  const account = value === undefined ? "" : normalizeIdentifier(value);
  return account === "" ? undefined : account;
};

function buildLimits(fastify: FastifyInstance, config: PortalConfig, store: LimiterStore): AbuseLimitHooks {
  const limits: AbuseLimits = config.limits;
  const devices: DeviceCookies = deviceCookies(config.deviceCookieSecret, config.origin.startsWith("https:"));
  const counted = (keyPrefix: string, limit: Limit): Counted => ({ counter: store.counter({ keyPrefix, ...limit }), rule: keyPrefix });
  /** A rule per client network, with its IPv6 site's larger budget. */
  const perNetwork = (keyPrefix: string, limit: Limit) => {
    const network = counted(keyPrefix, limit);
    const site = counted(`${keyPrefix}-48`, { ...limit, points: limit.points * ipv6SiteFactor });
    return (ip: string, onSuccess?: Charge["onSuccess"]): Charge[] => {
      const keys = ipKeys(ip);
      return [{ ...network, key: keys.network, onSuccess }, ...(keys.site === undefined ? [] : [{ ...site, key: keys.site, onSuccess }])];
    };
  };
  const signInAccount = counted("sign-in-account", limits.signInAccount);
  const signInDevice = counted("sign-in-device", limits.signInDevice);
  const signInIp = perNetwork("sign-in-ip", limits.signInIp);
  const secondFactor = counted("second-factor", limits.secondFactor);
  const mailAddress = counted("mail-address", limits.mailAddress);
  const mailDevice = counted("mail-address-device", limits.mailAddress);
  const mailIp = perNetwork("mail-ip", limits.mailIp);
  const registrationIp = perNetwork("registration-ip", limits.registrationIp);
  const apiIp = perNetwork("api-ip", limits.apiIp);
  const flowIp = perNetwork("flow-ip", limits.flowIp);
  const perAccount: Record<AccountRule, Counted> = {
    accountDeletion: counted("account-deletion", limits.accountDeletion),
    sessionExtension: counted("session-extension", limits.sessionExtension),
    adminAction: counted("admin-action", limits.adminAction),
    dataExport: counted("data-export", limits.dataExport),
  };
  const hookRefusals = perNetwork("hook-refusals", limits.hookRefusals);
  const portalMail = counted("portal-mail-address", limits.portalMailAddress);
  const providerIp = perNetwork("provider-ip", limits.providerIp);
  const providerLink = counted("provider-link", limits.providerLink);

  /**
   * Takes a point of each; if one is over its limit, gives them all back and
   * throws the 429. A key this request made is deleted again, so that refused
   * requests leave nothing in the store.
   */
  async function charge(charges: Charge[], reply: FastifyReply): Promise<void> {
    const results = await Promise.allSettled(charges.map(({ counter, key }) => counter.consume(key)));
    const refused = results.flatMap((result, index) =>
      result.status === "rejected" && result.reason instanceof RateLimiterRes ? [{ charge: charges[index], wait: result.reason }] : [],
    );
    const broken = results.find((result) => result.status === "rejected" && !(result.reason instanceof RateLimiterRes));
    if (refused.length === 0 && broken === undefined) return;
    await Promise.all(
      charges.map(({ counter, key }, index) => {
        const result = results[index];
        const made = result.status === "fulfilled" && result.value.consumedPoints === 1;
        return made ? counter.delete(key) : counter.reward(key);
      }),
    );
    if (broken?.status === "rejected") throw broken.reason;
    const longest = refused.reduce((a, b) => (b.wait.msBeforeNext > a.wait.msBeforeNext ? b : a));
    throw tooMany(reply, longest.charge, longest.wait.msBeforeNext);
  }

  /** A wrong sign-in for the account: from its owner's known browser on that browser's count, else on the account's. */
  function signInCharges(request: FastifyRequest, account: string | undefined): Charge[] {
    const charges = signInIp(request.ip, "reward");
    if (account === undefined) return charges;
    request.limitAccount = account;
    const device = devices.deviceFor(request.headers.cookie, account);
    charges.push(
      device === undefined
        ? { ...signInAccount, key: accountKey(account), onSuccess: "clear" }
        : { ...signInDevice, key: accountKey(`${account}\n${device}`), onSuccess: "clear" },
    );
    return charges;
  }

  /**
   * A mail to the address: per address, except from a browser the address's
   * owner signed in with, which has a quota of its own that requests from
   * elsewhere cannot spend.
   */
  function mailCharges(request: FastifyRequest, address: string | undefined, onSuccess?: Charge["onSuccess"]): Charge[] {
    const charges = mailIp(request.ip, onSuccess);
    if (address === undefined) return charges;
    const device = devices.deviceFor(request.headers.cookie, address);
    charges.push(
      device === undefined
        ? { ...mailAddress, key: accountKey(address), onSuccess }
        : { ...mailDevice, key: accountKey(`${address}\n${device}`), onSuccess },
    );
    return charges;
  }

  /**
   * The account whose second factor this submission tries: the one its
   * session signed in as at the first factor here, else the one Kratos names
   * for the session's other sessions. A session Kratos will not find is not
   * counted: Kratos refuses the step without it.
   */
  async function secondFactorCharges(request: FastifyRequest): Promise<Charge[]> {
    const credential = sessionCredential(request, config.kratosNativeFlows);
    if (credential === undefined) return [];
    const fingerprint = hash(credential.value);
    const account = (await store.sessionAccounts.get(fingerprint)) ?? (await fastify.kratos.sessions.accountOf(credential.kratos));
    // An identity with no other session, whose first factor this store did not see (a restart, an expired link).
    const key = account === undefined ? `session:${fingerprint}` : `account:${accountKey(account)}`;
    return [{ ...secondFactor, key, onSuccess: "clear" }];
  }

  /** Whether a settings submission gives an email other than the signed-in identity's (Kratos then mails a code). */
  async function changesEmail(request: FastifyRequest, email: string): Promise<boolean> {
    try {
      const session = await fastify.kratos.sessions.whoami(request.headers.cookie);
      const current = (session.identity?.traits as { email?: unknown } | undefined)?.email;
      return typeof current !== "string" || email !== normalizeIdentifier(current);
    } catch {
      return true;
    }
  }

  /**
   * Linking or unlinking a provider in the settings flow: per account (each
   * writes the account and mails its owner), and a link's way out to the
   * provider per IP. The account is the session's; without one Kratos refuses.
   */
  async function linkCharges(request: FastifyRequest, fields: SubmissionFields): Promise<Charge[]> {
    const link = fields.field("link");
    if ((link === undefined && fields.field("unlink") === undefined) || !oidcMethod(fields)) return [];
    const charges = link === undefined ? [] : providerIp(request.ip);
    try {
      const account = (await fastify.kratos.sessions.whoami(request.headers.cookie)).identity?.id;
      if (account !== undefined) charges.push({ ...providerLink, key: accountKey(account) });
    } catch {
      // No session (or Kratos away): Kratos refuses the submission without touching an account.
    }
    return charges;
  }

  async function loginCharges(request: FastifyRequest, fields: SubmissionFields): Promise<Charge[]> {
    // A provider's button: Kratos' oidc strategy acts when the body names a provider and no other method.
    if (fields.field("provider") !== undefined && oidcMethod(fields)) return providerIp(request.ip);
    switch (fields.first("method")) {
      case "password": {
        // stringsx.Coalesce(identifier, password_identifier): the first that is not empty.
        const identifier = fields.field("identifier") ?? fields.field("password_identifier");
        return signInCharges(request, accountOf(identifier));
      }
      case "code": {
        // Kratos mails the code to identifier, else address, and checks it against address, else identifier
        // (strategy/code/strategy_login.go): two different ones are refused, so that both steps name one account.
        const identifier = accountOf(fields.field("identifier"));
        const address = accountOf(fields.field("address"));
        if (identifier !== undefined && address !== undefined && identifier !== address) throw ambiguousSubmission();
        const account = identifier ?? address;
        // Whether this sends a code or checks one depends on the flow's state, which only Kratos knows: a
        // submission with a code counts as both, and the mail's point comes back when it signs the user in.
        if (fields.field("code") === undefined) return mailCharges(request, account);
        return [...mailCharges(request, account, "reward"), ...signInCharges(request, account)];
      }
      case "totp":
      case "lookup_secret":
        return secondFactorCharges(request);
      default:
        // Passkeys and security keys cannot be guessed; other methods are not Kratos' to act on.
        return [];
    }
  }

  async function chargesFor(kind: FlowKind, request: FastifyRequest): Promise<Charge[]> {
    assertPlainContentType(request);
    // Refuses two sessions before anything is counted, whatever the flow.
    sessionCredential(request, config.kratosNativeFlows);
    const fields = readSubmission(request, { queryAndBody: kind === "recovery" || kind === "verification" });
    // Kratos' oidc strategy also reads these from the query, where the other strategies do not look: the
    // portal's forms never put them there, so a submission that does could be read two ways.
    if (kind === "login" || kind === "registration" || kind === "settings") assertNotInQuery(request, oidcFields);
    switch (kind) {
      case "login":
        return loginCharges(request, fields);
      case "registration": {
        const charges = registrationIp(request.ip);
        if (fields.field("provider") !== undefined && oidcMethod(fields)) return [...charges, ...providerIp(request.ip)];
        if (fields.first("method") !== "code") return charges;
        return [
          ...charges,
          ...mailCharges(request, accountOf(fields.field("traits.email")), fields.field("code") === undefined ? undefined : "reward"),
        ];
      }
      case "recovery":
      case "verification": {
        // Kratos sends a code whenever the submission has an email, whatever else it has.
        const address = accountOf(fields.field("email"));
        return address === undefined ? [] : mailCharges(request, address);
      }
      case "settings": {
        const links = await linkCharges(request, fields);
        const email = accountOf(fields.field("traits.email"));
        return email !== undefined && (await changesEmail(request, email)) ? [...links, ...mailCharges(request, email)] : links;
      }
    }
  }

  return {
    api: async (request, reply) => {
      await charge(apiIp(request.ip), reply);
    },

    newFlow: async (request, reply) => {
      await charge(flowIp(request.ip), reply);
    },

    account: (rule) => async (request, reply) => {
      const account = request.session?.identity?.id;
      if (!account) throw new Error(`${request.method} ${request.routeOptions.url} limits per account but has no session rule before`);
      await charge([{ ...perAccount[rule], key: accountKey(account) }], reply);
    },

    async hookRefusal(request, reply) {
      await charge(hookRefusals(request.ip), reply);
    },

    portalMail: async (address) => {
      const account = accountOf(address);
      if (account === undefined) return false;
      try {
        await portalMail.counter.consume(accountKey(account));
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // No request to answer with a 429; the refusal is counted all the same.
        fastify.metrics.limitRefusals.inc({ rule: portalMail.rule });
        return false;
      }
    },

    providerCallback: async (request, reply) => {
      await charge(providerIp(request.ip), reply);
    },

    submission(kind) {
      return {
        preHandler: async (request, reply) => {
          const charges = await chargesFor(kind, request);
          await charge(charges, reply);
          request.limitCharges = charges;
        },
        // Kratos signed the account in: this browser is now its owner's (a device cookie).
        onSend: async (request, reply, payload) => {
          if (request.limitAccount !== null && newSessionCookie(reply) !== undefined) {
            reply.header("set-cookie", [...setCookies(reply), devices.issue(request.limitAccount)]);
          }
          return payload;
        },
        onResponse: async (request, reply) => {
          const session = newSessionCookie(reply);
          // Kratos signed the user in (a JSON 200, or its session cookie on a 422 or a form's redirect).
          const succeeded = reply.statusCode === 200 || session !== undefined;
          if (session !== undefined && request.limitAccount !== null) {
            await store.sessionAccounts.set(hash(session), request.limitAccount);
          }
          const failures = request.limitCharges?.filter((charge) => charge.onSuccess !== undefined) ?? [];
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
    fastify.metrics.watchLimitStore(() => store.inFallback?.() ?? false);
    if (config.rateLimitRedisUrl && !config.deviceCookieSecret) {
      fastify.log.warn(
        "DEVICE_COOKIE_SECRET is not set: each portal signs device cookies with a key of its own, so a browser is known at one portal only",
      );
    }
    fastify.decorateRequest("limitCharges", null);
    fastify.decorateRequest("limitAccount", null);
    fastify.decorate("limits", buildLimits(fastify, config, store));
  },
  { name: "abuse-limits", dependencies: ["kratos", "metrics"] },
);
