// The abuse limits as the routes use them: hooks that charge a request's
// rules (rules.ts, charging.ts), for the /api routes, new flows, the proxy's
// flow submissions (submissions.ts), per-account routes, Kratos' hook route,
// providers' callbacks and the outbox's mail.
//
// A sign-in submission reserves its points before Kratos sees it (so that
// parallel guesses cannot slip past the check) and gets them back when Kratos
// signs the user in; the browser it signed in from gets the account's device
// cookie.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from "fastify";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { FlowKind } from "#contract/flows.js";
import type { PortalConfig } from "../../config.js";
import { sessionCookieName } from "../../kratos/submission.js";
import { deviceCookies } from "../../services/device-cookies.js";
import type { LimiterStore } from "../../state/limit-stores.js";
import { charge, settle } from "./charging.js";
import { accountKey, limitRules, sessionKey, type AccountRule } from "./rules.js";
import type { ProofOfWork } from "./proof-of-work.js";
import { accountOf, submissionCharges } from "./submissions.js";

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
  /** An invitation link read or accepted: per client IP, so that its secret cannot be guessed. */
  invitationLink: onRequestHookHandler;
  /** A security mail's undo link read or confirmed: per client IP, so that its secret cannot be guessed, nor mail sent at will. */
  undoLink: onRequestHookHandler;
  /**
   * The sign-in limit of an account (LIMIT_SIGN_IN_ACCOUNT), by its address: until when wrong passwords keep it
   * locked for every browser its owner has not signed in from, and an admin's unlock.
   */
  signInLock: {
    until(address: string): Promise<Date | undefined>;
    clear(address: string): Promise<void>;
  };
  /**
   * Adds a listener for each password sign-in that the limits counted and Kratos refused, after the answer went
   * out: the account it names (as Kratos reads it) and, when this attempt spent the account's limit, until when.
   */
  onWrongPassword(listener: WrongPasswordListener): void;
}

export type WrongPasswordListener = (request: FastifyRequest, account: string, lockedUntil: Date | undefined) => Promise<void>;

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

export function limitHooks(fastify: FastifyInstance, config: PortalConfig, store: LimiterStore, work: ProofOfWork): AbuseLimitHooks {
  const rules = limitRules(config.limits, store);
  const devices = deviceCookies(config.deviceCookieSecret, config.origin.startsWith("https:"));
  const chargesFor = submissionCharges({
    rules,
    devices,
    sessions: fastify.kratos.sessions,
    sessionAccounts: store.sessionAccounts,
    nativeFlows: config.kratosNativeFlows,
  });

  const wrongPasswordListeners: WrongPasswordListener[] = [];

  /** A password sign-in that was counted (not refused by a limit) and not signed in, nor lost to a 5xx. */
  async function wrongPassword(request: FastifyRequest, signedIn: boolean, status: number): Promise<void> {
    const account = request.limitAccount;
    if (!request.limitPasswordSignIn || request.limitCharges === null || account === null || signedIn || status >= 500) return;
    const lockedUntil = request.limitCharges.some((charged) => charged.rule === rules.signInAccount.rule)
      ? await rules.signInAccount.counter.spentUntil(accountKey(account))
      : undefined;
    for (const listener of wrongPasswordListeners) await listener(request, account, lockedUntil);
  }

  return {
    onWrongPassword: (listener) => {
      wrongPasswordListeners.push(listener);
    },

    api: async (request, reply) => {
      await charge(rules.apiIp(request.ip), reply);
    },

    newFlow: async (request, reply) => {
      await charge(rules.flowIp(request.ip), reply);
    },

    account: (rule) => async (request, reply) => {
      const account = request.session?.identity?.id;
      if (!account) throw new Error(`${request.method} ${request.routeOptions.url} limits per account but has no session rule before`);
      await charge([{ ...rules.perAccount[rule], key: accountKey(account) }], reply);
    },

    async hookRefusal(request, reply) {
      await charge(rules.hookRefusals(request.ip), reply);
    },

    portalMail: async (address) => {
      const account = accountOf(address);
      if (account === undefined) return false;
      try {
        await rules.portalMail.counter.consume(accountKey(account));
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // No request to answer with a 429; the refusal is counted all the same.
        fastify.metrics.limitRefusals.inc({ rule: rules.portalMail.rule });
        return false;
      }
    },

    providerCallback: async (request, reply) => {
      await charge(rules.providerIp(request.ip), reply);
    },

    invitationLink: async (request, reply) => {
      await charge(rules.invitationLink(request.ip), reply);
    },

    undoLink: async (request, reply) => {
      await charge(rules.undoLink(request.ip), reply);
    },

    signInLock: {
      until: async (address) => {
        const account = accountOf(address);
        return account === undefined ? undefined : rules.signInAccount.counter.spentUntil(accountKey(account));
      },
      clear: async (address) => {
        const account = accountOf(address);
        if (account !== undefined) await rules.signInAccount.counter.delete(accountKey(account));
      },
    },

    submission(kind) {
      return {
        preHandler: async (request, reply) => {
          const charges = await chargesFor(kind, request);
          const taken = await charge(charges, reply);
          await work.check(kind, request, reply, charges, taken);
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
          if (session !== undefined && request.limitAccount !== null) {
            await store.sessionAccounts.set(sessionKey(session), request.limitAccount);
          }
          // Kratos signed the user in (a JSON 200, or its session cookie on a 422 or a form's redirect).
          const signedIn = reply.statusCode === 200 || session !== undefined;
          await settle(request.limitCharges, { signedIn, status: reply.statusCode });
          await wrongPassword(request, signedIn, reply.statusCode);
        },
      };
    },
  };
}
