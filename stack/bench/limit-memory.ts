// What the abuse limits' memory store holds at its worst: as many counters
// as the plugin makes (15: the per-network rules twice, for IPv6 /64 and /48)
// and the sessions' accounts, each filled beyond its cap with keys as the
// plugin makes them, against the heap before. Also what the old store (rate-limiter-flexible's RateLimiterMemory,
// no cap) held for the same number of keys, for comparison.
//
//   node --expose-gc --import tsx stack/bench/limit-memory.ts
import { createHash } from "node:crypto";
import { RateLimiterMemory } from "rate-limiter-flexible";
// eslint-disable-next-line boundaries/dependencies -- this bench weighs the server's own memory store in its process; nothing of the stack runs it.
import { memoryKeysPerRule, memorySessions, memoryStore } from "../../server/src/state/limit-stores.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const heapMiB = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const key = (index: number) => createHash("sha256").update(`attacker-${index}@example.org`).digest("base64url");
const window = { points: 10, duration: 900 };
/** As many rules as the plugin counts with (server/test/abuse-limits.test.ts checks that number). */
const rules = Array.from({ length: 15 }, (_, index) => `rule-${index}`);

const before = heapMiB();
const store = memoryStore();
// Held as the plugin holds them, for the process's life.
const counters = rules.map((keyPrefix) => store.counter({ keyPrefix, ...window }));
for (const counter of counters) {
  for (let index = 0; index < memoryKeysPerRule + 10_000; index++) await counter.consume(key(index));
}
for (let index = 0; index < memorySessions + 10_000; index++) await store.sessionAccounts.set(key(index), `attacker-${index}@example.org`);
const capped = heapMiB() - before;
// Used after the measure, so that nothing above was collected before it.
const stillHeld = await Promise.all(counters.map((counter) => counter.delete(key(memoryKeysPerRule + 9_999))));
if (!stillHeld.every(Boolean) || (await store.sessionAccounts.get(key(memorySessions + 9_999))) === undefined) throw new Error("not held");
console.log(
  `bounded store: ${rules.length} rules x ${memoryKeysPerRule} keys + ${memorySessions} sessions, each filled beyond its cap: ${capped.toFixed(1)} MiB`,
);

const beforeOld = heapMiB();
const old = new RateLimiterMemory({ keyPrefix: "old", ...window });
for (let index = 0; index < memoryKeysPerRule; index++) await old.consume(key(index));
console.log(
  `RateLimiterMemory (no cap), ${memoryKeysPerRule} keys of one rule: ${(heapMiB() - beforeOld).toFixed(1)} MiB, and it grows with every new key`,
);
