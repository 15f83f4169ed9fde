// Every abuse limit of the portal: Kratos has none of its own (ory/kratos#3037).
//
// The limits count exactly what Kratos acts on (submissions.ts reads a
// submission as Kratos does, kratos/submission.ts refuses one that could be
// read two ways). Each rule (rules.ts) has a budget from the configuration;
// a request takes a point of each of its rules or none (charging.ts); the
// routes add the hooks (hooks.ts). Sign-in counts wrong attempts, per
// account and per browser its owner signed in with; mail, registration, new
// flows and /api/* count per IP, mail per address too, as do the portal's own
// mails (the outbox: security notices, admins' changes).
//
// Before a sign-in, recovery or registration limit refuses, a proof-of-work
// challenge slows the attempts (proof-of-work.ts).
//
// The counters live in a LimiterStore (state/limit-stores.ts): in this
// process's memory, or in the Redis that every portal shares when
// RATE_LIMIT_REDIS_URL is set.
import fp from "fastify-plugin";
import type { PortalConfig } from "../../config.js";
import { memoryStore, redisStore, type LimiterStore } from "../../state/limit-stores.js";
import type { Charge } from "./charging.js";
import { limitHooks, type AbuseLimitHooks } from "./hooks.js";
import { proofOfWork, type ProofOfWork } from "./proof-of-work.js";

declare module "fastify" {
  interface FastifyInstance {
    limits: AbuseLimitHooks;
    /** The challenge asked for before a sign-in, recovery or registration limit refuses (proof-of-work.ts). */
    proofOfWork: ProofOfWork;
  }
  interface FastifyRequest {
    limitCharges: Charge[] | null;
    /** The account a sign-in submission names as Kratos reads it: credited if Kratos signs it in. */
    limitAccount: string | null;
    /** Whether the submission is a sign-in with a password: a refusal is a wrong password (or identifier). */
    limitPasswordSignIn: boolean;
  }
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
    const work = proofOfWork({ config: config.proofOfWork, store, spent: () => fastify.state.spentChallenges });
    fastify.decorate("proofOfWork", work);
    fastify.decorateRequest("limitPasswordSignIn", false);
    fastify.decorate("limits", limitHooks(fastify, config, store, work));
  },
  { name: "abuse-limits", dependencies: ["kratos", "metrics"] },
);
