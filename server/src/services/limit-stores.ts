// Where the abuse limits count (plugins/abuse-limits.ts holds the rules): in
// this process's memory, or in a Redis that every portal shares
// (RATE_LIMIT_REDIS_URL), so that two portals behind one load balancer do not
// give an attacker twice the tries. Redis keeps the counters and which
// account each session signed in as (for the second-factor count).
//
// When Redis cannot be reached the portal keeps answering: each rule counts
// in this process's memory (rate-limiter-flexible's insurance limiter) until
// Redis is back, rather than failing every sign-in.
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import type { Limit } from "../config.js";

export interface LimitRule extends Limit {
  keyPrefix: string;
}

/** What the limits need of a counter; RateLimiterMemory and RateLimiterRedis both have it. */
export type Counter = Pick<RateLimiterMemory, "consume" | "reward" | "delete">;

/** Which accounts a session (by a hash of its cookie) signed in as. */
export interface SessionAccounts {
  get(session: string): Promise<string[] | undefined>;
  set(session: string, accounts: string[]): Promise<void>;
}

export interface LimiterStore {
  /** One counter per rule. */
  counter(rule: LimitRule): Counter;
  sessionAccounts: SessionAccounts;
  /** True while a shared store is unreachable and each rule counts in this process instead. */
  inFallback?(): boolean;
  close(): Promise<void>;
}

/** As long as a first-factor session is likely to wait for its second factor. */
const sessionAccountsSeconds = 3600;

function memorySessionAccounts(): SessionAccounts {
  const cache = new LRUCache<string, string[]>({ max: 50_000, ttl: sessionAccountsSeconds * 1000 });
  return {
    get: async (session) => cache.get(session),
    set: async (session, accounts) => {
      cache.set(session, accounts);
    },
  };
}

export function memoryStore(): LimiterStore {
  return { counter: (rule) => new RateLimiterMemory(rule), sessionAccounts: memorySessionAccounts(), close: async () => undefined };
}

/** Every key of the portal's in Redis starts so, apart from what else the Redis holds. */
const namespace = "account-portal";

export async function redisStore(url: string, log: FastifyBaseLogger): Promise<LimiterStore> {
  // Loaded only where a Redis is configured: the client costs a single portal about 10 MB it would never use.
  const { Redis } = await import("ioredis");
  // No offline queue: while Redis is away a call fails at once and the memory fallback counts.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  // The counters fall back to memory the moment the connection is not ready (rejectIfRedisNotReady), so the
  // operator is told then: when a ready connection closes, or when the first connection fails. ioredis only
  // reports an error on its next reconnect attempt, which may come after many requests were counted here.
  let reachable = true;
  let closing = false;
  const lost = (error?: NodeJS.ErrnoException) => {
    if (!reachable || closing) return;
    reachable = false;
    // The URL (it may carry a password) is never logged.
    log.warn(
      error ? { err: { message: error.message, code: error.code } } : {},
      "Redis of the abuse limits is unreachable: counting in this process until it is back",
    );
  };
  // ioredis reconnects by itself; an error without a listener would end the process.
  client.on("error", lost);
  client.on("close", () => {
    lost();
  });
  client.on("ready", () => {
    if (reachable) return;
    reachable = true;
    log.info("Redis of the abuse limits is back: counting there again");
  });

  const fallback = memorySessionAccounts();
  const sessionKey = (session: string) => `${namespace}:session-accounts:${session}`;
  return {
    counter: (rule) =>
      new RateLimiterRedis({
        ...rule,
        storeClient: client,
        keyPrefix: `${namespace}:${rule.keyPrefix}`,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(rule),
      }),
    sessionAccounts: {
      async get(session) {
        try {
          const stored = await client.get(sessionKey(session));
          if (stored !== null) return JSON.parse(stored) as string[];
        } catch {
          // Unreachable: what this process saw is all there is.
        }
        return fallback.get(session);
      },
      async set(session, accounts) {
        await fallback.set(session, accounts);
        try {
          await client.set(sessionKey(session), JSON.stringify(accounts), "EX", sessionAccountsSeconds);
        } catch {
          // Unreachable: remembered in this process meanwhile.
        }
      },
    },
    inFallback: () => !reachable,
    async close() {
      closing = true;
      await client.quit().catch(() => {
        client.disconnect();
      });
    },
  };
}
