// Charging the abuse limits: a request takes a point of each rule it counts
// against, all or none; over one, the 429. After Kratos answered, a count of
// failures gets its point back (or is cleared) when Kratos signed the user in.
import type { FastifyReply } from "fastify";
import { RateLimiterRes } from "rate-limiter-flexible";
import { ClientError } from "../../errors.js";
import type { Counter } from "../../state/limit-stores.js";

export interface Counted {
  counter: Counter;
  /** Its name in the metrics of refusals (the counter's key prefix). */
  rule: string;
}

export interface Charge extends Counted {
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

/**
 * Takes a point of each; if one is over its limit, gives them all back and
 * throws the 429. Answers what each consume counted.
 */
export async function charge(charges: Charge[], reply: FastifyReply): Promise<RateLimiterRes[]> {
  const results = await Promise.allSettled(charges.map(({ counter, key }) => counter.consume(key)));
  const refused = results.flatMap((result, index) =>
    result.status === "rejected" && result.reason instanceof RateLimiterRes ? [{ charge: charges[index], wait: result.reason }] : [],
  );
  const broken = results.find((result) => result.status === "rejected" && !(result.reason instanceof RateLimiterRes));
  const taken = results.map((result) => (result.status === "fulfilled" ? result.value : undefined));
  if (refused.length === 0 && broken === undefined) return taken.filter((count) => count !== undefined);
  await giveBack(charges, taken);
  if (broken?.status === "rejected") throw broken.reason;
  const longest = refused.reduce((a, b) => (b.wait.msBeforeNext > a.wait.msBeforeNext ? b : a));
  throw tooMany(reply, longest.charge, longest.wait.msBeforeNext);
}

/**
 * Gives each charge its point back, by what its consume answered (undefined: refused or failed). A key this
 * request made is deleted again, so that refused requests leave nothing in the store.
 */
export async function giveBack(charges: Charge[], taken: readonly (RateLimiterRes | undefined)[]): Promise<void> {
  await Promise.all(
    charges.map(({ counter, key }, index) => (taken[index]?.consumedPoints === 1 ? counter.delete(key) : counter.reward(key))),
  );
}

/**
 * Once Kratos answered a submission: its counts of failures get their point
 * back when Kratos signed the user in (a count that clears on success is
 * cleared) or never tried (it or the way to it failed, a 5xx); a failure
 * keeps them.
 */
export async function settle(charges: Charge[] | null, outcome: { signedIn: boolean; status: number }): Promise<void> {
  const failures = charges?.filter((charge) => charge.onSuccess !== undefined) ?? [];
  const notTried = outcome.status >= 500;
  if (failures.length === 0 || (!outcome.signedIn && !notTried)) return;
  await Promise.all(
    failures.map(({ counter, key, onSuccess }) => (outcome.signedIn && onSuccess === "clear" ? counter.delete(key) : counter.reward(key))),
  );
}
