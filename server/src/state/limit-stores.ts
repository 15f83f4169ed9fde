// Where the abuse limits count (plugins/abuse-limits/rules.ts holds the rules): in
// this process's memory, or in a Redis that every portal shares
// (RATE_LIMIT_REDIS_URL), so that two portals behind one load balancer do not
// give an attacker twice the tries. Redis keeps the counters and which
// account each session signed in as (for the second-factor count); every key
// there expires.
//
// When Redis cannot be reached the portal keeps answering: each rule counts
// in this process's memory until Redis is back, rather than failing every
// sign-in.
//
// Memory is bounded: each rule keeps at most memoryKeysPerRule counters, the
// least recently used going first. An attacker who makes keys faster than
// their windows end evicts the oldest, so the bound is set far above what the
// per-IP limits let one network create in a window.
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Limit } from "../config.js";

export interface LimitRule extends Limit {
  keyPrefix: string;
}

/** A count of points per key in fixed windows; consume rejects with a RateLimiterRes over the limit. */
export interface Counter {
  consume(key: string): Promise<RateLimiterRes>;
  reward(key: string): Promise<unknown>;
  delete(key: string): Promise<unknown>;
  /** When the key's window ends if its points are spent (the next consume would be refused); undefined while it has some left. */
  spentUntil(key: string): Promise<Date | undefined>;
}

/** Which account a session (by a hash of the credential Kratos reads) signed in as. */
export interface SessionAccounts {
  get(session: string): Promise<string | undefined>;
  set(session: string, account: string): Promise<void>;
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

/**
 * Counters per rule in memory. A counter is a small object under a key of at
 * most 80 characters (the plugin hashes accounts and addresses): about 220
 * bytes each (bench/limit-memory.ts measures the whole store full).
 */
export const memoryKeysPerRule = 50_000;
/** Sessions remembered in memory with the account they signed in as. */
export const memorySessions = 50_000;

interface Window {
  points: number;
  endsAt: number;
}

/** A fixed-window counter in this process's memory, at most memoryKeysPerRule keys. */
export function memoryCounter({ points, duration }: Limit, maxKeys = memoryKeysPerRule): Counter {
  const windows = new LRUCache<string, Window>({ maxSize: maxKeys, sizeCalculation: () => 1 });
  const durationMs = duration * 1000;
  const live = (key: string, now: number) => {
    const window = windows.get(key);
    return window && window.endsAt > now ? window : undefined;
  };
  return {
    async consume(key) {
      const now = Date.now();
      const window = live(key, now) ?? { points: 0, endsAt: now + durationMs };
      window.points += 1;
      windows.set(key, window, { ttl: window.endsAt - now });
      const result = new RateLimiterRes(Math.max(0, points - window.points), window.endsAt - now, window.points, window.points === 1);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- rate-limiter-flexible's contract, which the plugin reads: over the limit rejects with the RateLimiterRes.
      if (window.points > points) throw result;
      return result;
    },
    async reward(key) {
      const window = live(key, Date.now());
      if (window) window.points -= 1;
    },
    async delete(key) {
      return windows.delete(key);
    },
    async spentUntil(key) {
      const now = Date.now();
      const window = live(key, now);
      return window && window.points >= points ? new Date(window.endsAt) : undefined;
    },
  };
}

function memorySessionAccounts(): SessionAccounts {
  const cache = new LRUCache<string, string>({ maxSize: memorySessions, sizeCalculation: () => 1, ttl: sessionAccountsSeconds * 1000 });
  return {
    get: async (session) => cache.get(session),
    set: async (session, account) => {
      cache.set(session, account);
    },
  };
}

export function memoryStore(): LimiterStore {
  return { counter: (rule) => memoryCounter(rule), sessionAccounts: memorySessionAccounts(), close: async () => undefined };
}

/** Over the limit is an answer; any other failure means Redis is away, and this process counts meanwhile. */
async function orLocally<T>(shared: Promise<T>, local: () => Promise<T>): Promise<T> {
  try {
    return await shared;
  } catch (error) {
    if (error instanceof RateLimiterRes) throw error;
    return local();
  }
}

/** Every key of the portal's in Redis starts so, apart from what else the Redis holds. */
const namespace = "account-portal";

export async function redisStore(url: string, log: FastifyBaseLogger): Promise<LimiterStore> {
  // Loaded only where a Redis is configured: the client costs a single portal about 10 MB it would never use.
  const { Redis } = await import("ioredis");
  // No offline queue: while Redis is away a call fails at once and the memory fallback counts.
  const connectTimeout = 2000;
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout });
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
  // The portal serves once the first connection is ready (or has had its time): requests before it would each
  // count in this process alone, and two portals started together would each give a fresh count.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, connectTimeout);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });

  const fallback = memorySessionAccounts();
  const sessionKey = (session: string) => `${namespace}:session-accounts:${session}`;
  return {
    counter(rule) {
      // RateLimiterRedis sets each key to expire with its window.
      const shared = new RateLimiterRedis({
        ...rule,
        storeClient: client,
        keyPrefix: `${namespace}:${rule.keyPrefix}`,
        rejectIfRedisNotReady: true,
      });
      const local = memoryCounter(rule);
      return {
        consume: (key) => orLocally(shared.consume(key), () => local.consume(key)),
        reward: (key) => orLocally(shared.reward(key), () => local.reward(key)),
        delete: (key) => orLocally(shared.delete(key), () => local.delete(key)),
        spentUntil: (key) =>
          orLocally(
            shared
              .get(key)
              .then((state) => (state && state.consumedPoints >= rule.points ? new Date(Date.now() + state.msBeforeNext) : undefined)),
            () => local.spentUntil(key),
          ),
      };
    },
    sessionAccounts: {
      async get(session) {
        try {
          const stored = await client.get(sessionKey(session));
          if (stored !== null) return stored;
        } catch {
          // Unreachable: what this process saw is all there is.
        }
        return fallback.get(session);
      },
      async set(session, account) {
        await fallback.set(session, account);
        try {
          await client.set(sessionKey(session), account, "EX", sessionAccountsSeconds);
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
