// The proof-of-work check before an abuse limit refuses (ory/kratos#138,
// #4549): once a sign-in, recovery or registration has spent more than
// CHALLENGE_FROM of a limit of its address or client network, each further
// attempt needs a solved ALTCHA challenge (altcha-lib, self-hosted: no third
// party). The browser solves it in a worker; an attacker pays the same work
// for every guess. The owner's own browser (its device cookie) is spared.
//
// Challenges are signed with ALTCHA_HMAC_KEY and expire; a solution is spent
// once: the state (Redis across replicas, or this process's memory) keeps it
// until the challenge expires. A form sent without script cannot solve one:
// it is held CHALLENGE_NO_SCRIPT_WAIT instead, one at a time per challenged
// count across every portal (the limit store), so that skipping the work
// buys an attacker nothing.
import { createHmac, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { RateLimiterRes } from "rate-limiter-flexible";
import type { FlowKind } from "#contract/flows.js";
import { proofOfWorkHeader } from "#contract/proof-of-work.js";
import type { ProofOfWorkChallenge } from "#contract/schemas/proof-of-work.js";
import type { ProofOfWorkConfig } from "../../config.js";
import { ClientError } from "../../errors.js";
import type { LimiterStore } from "../../state/limit-stores.js";
import { charge, giveBack, type Charge, type Counted } from "./charging.js";

/** The algorithm the browser's worker runs: PBKDF2 over SHA-256, in WebCrypto, fast in every browser. */
export const challengeAlgorithm = "PBKDF2/SHA-256";
/** How long a challenge may be solved and sent: long enough for a slow phone, short enough to keep few spent ones. */
export const challengeSeconds = 300;
/** The flows whose limits come with a challenge first. */
const challengedFlows: ReadonlySet<FlowKind> = new Set(["login", "registration", "recovery"]);
/** The limits of an address or a client network (rules.ts) that a challenge comes before. */
const challengedRules: ReadonlySet<string> = new Set([
  "sign-in-account",
  "sign-in-ip",
  "sign-in-ip-48",
  "mail-address",
  "mail-ip",
  "mail-ip-48",
  "registration-ip",
  "registration-ip-48",
]);
/** A browser its owner signed in with counts on its own (services/device-cookies.ts): never challenged. */
const ownersRules: ReadonlySet<string> = new Set(["sign-in-device", "mail-address-device"]);
/** A solution is a few hundred bytes of base64 JSON. */
const maxPayloadLength = 4096;

/** Where solutions are spent: true the first time, false for one spent before (until the challenge expires). */
export interface SpentChallenges {
  spend(signature: string, expiresAt: number): Promise<boolean>;
}

export interface ProofOfWork {
  /** A new signed challenge for GET /api/proof-of-work. */
  create(): Promise<ProofOfWorkChallenge>;
  /** Whether the payload (base64 JSON, as the widget sends it) solves one of our challenges, spending it. */
  verify(payload: string): Promise<boolean>;
  /**
   * After a submission took its points: asks for a solution when it spent more than CHALLENGE_FROM of a limit
   * of its address or network. Throws 428 proof_of_work_required (its points given back) without a valid one;
   * holds a form sent without one instead.
   */
  check(kind: FlowKind, request: FastifyRequest, reply: FastifyReply, charges: Charge[], taken: RateLimiterRes[]): Promise<void>;
}

export interface ProofOfWorkOptions {
  config: ProofOfWorkConfig;
  store: LimiterStore;
  /** Read when a solution is spent: the state is built after the limits (plugins/services.ts). */
  spent: () => SpentChallenges;
}

/** The widget's payload: its challenge as we signed it and the number it found. */
function payloadOf(raw: string): { challenge: Challenge; solution: Solution } | undefined {
  if (raw.length > maxPayloadLength) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64").toString("utf8")) as unknown;
    if (typeof value !== "object" || value === null) return undefined;
    const { challenge, solution } = value as Partial<{ challenge: Challenge; solution: Solution }>;
    if (typeof challenge?.parameters !== "object" || typeof challenge.signature !== "string") return undefined;
    if (typeof solution?.counter !== "number" || typeof solution.derivedKey !== "string") return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

const isForm = (request: FastifyRequest) =>
  request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded";

export function proofOfWork({ config, store, spent }: ProofOfWorkOptions): ProofOfWork {
  // Without a key (never in production, config.ts): one for this process, so that challenges end with it.
  const key = config.hmacKey ?? randomBytes(32).toString("hex");
  const keySignatureSecret = createHmac("sha256", key).update("altcha derived key").digest("hex");
  const noScript: Counted = {
    counter: store.counter({ keyPrefix: "proof-of-work-no-script", points: 1, duration: config.noScriptWait }),
    rule: "proof-of-work-no-script",
  };

  async function verify(raw: string): Promise<boolean> {
    const payload = payloadOf(raw);
    if (payload === undefined || payload.challenge.parameters.algorithm !== challengeAlgorithm) return false;
    try {
      const result = await verifySolution({
        ...payload,
        deriveKey,
        hmacSignatureSecret: key,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      const expiresAt = payload.challenge.parameters.expiresAt;
      return result.verified && expiresAt !== undefined && (await spent().spend(payload.challenge.signature ?? "", expiresAt));
    } catch {
      // A value altcha-lib cannot read (a salt that is not hex): no solution.
      return false;
    }
  }

  return {
    async create() {
      const half = Math.ceil(config.maxNumber / 2);
      const challenge = await createChallenge({
        algorithm: challengeAlgorithm,
        cost: config.cost,
        counter: randomInt(half, config.maxNumber),
        deriveKey,
        expiresAt: new Date(Date.now() + challengeSeconds * 1000),
        hmacSignatureSecret: key,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      return challenge as ProofOfWorkChallenge;
    },

    verify,

    async check(kind, request, reply, charges, taken) {
      const from = config.from;
      if (from === undefined || !challengedFlows.has(kind) || charges.some(({ rule }) => ownersRules.has(rule))) return;
      const near = charges.filter(({ rule }, index) => {
        const count = taken[index];
        if (!challengedRules.has(rule)) return false;
        return count.consumedPoints > from * (count.consumedPoints + count.remainingPoints);
      });
      if (near.length === 0) return;
      const given = request.headers[proofOfWorkHeader.toLowerCase()];
      if (typeof given === "string") {
        if (await verify(given)) return;
      } else if (isForm(request)) {
        // A form sent without script: it waits, one at a time for each count it came near.
        try {
          await charge(
            near.map(({ rule, key: counted }) => ({ ...noScript, key: `${rule}:${counted}` })),
            reply,
          );
        } catch (error) {
          await giveBack(charges, taken);
          throw error;
        }
        await sleep(config.noScriptWait * 1000);
        return;
      }
      await giveBack(charges, taken);
      throw new ClientError(428, "proof_of_work_required");
    },
  };
}
