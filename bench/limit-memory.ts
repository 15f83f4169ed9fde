// What the abuse limits' memory store holds at its worst: a counter for each
// rule the plugin makes (limitRules with the default limits: the per-network
// rules twice, for IPv6 /64 and /48) and the sessions' accounts, each filled
// beyond its cap with keys as the plugin makes them, against the heap before. Also what the old store (rate-limiter-flexible's RateLimiterMemory,
// no cap) held for the same number of keys, for comparison.
//
//   node --expose-gc --import tsx bench/limit-memory.ts
import { createHash } from "node:crypto";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { readLimits } from "../server/src/config.js";
import { limitRules } from "../server/src/plugins/abuse-limits/rules.js";
import { memoryKeysPerRule, memorySessions, memoryStore, type Counter } from "../server/src/state/limit-stores.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const heapMiB = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const key = (index: number) => createHash("sha256").update(`attacker-${index}@example.org`).digest("base64url");
const window = { points: 10, duration: 900 };

const before = heapMiB();
const store = memoryStore();
// Held as the plugin holds them, for the process's life: one for each rule the plugin asks its store for, each
// with the bench's window (what a counter weighs does not depend on its budget).
const counters: Counter[] = [];
limitRules(readLimits({}), {
  ...store,
  counter: (rule) => {
    const counter = store.counter({ ...rule, ...window });
    counters.push(counter);
    return counter;
  },
});
for (const counter of counters) {
  for (let index = 0; index < memoryKeysPerRule + 10_000; index++) await counter.consume(key(index));
}
for (let index = 0; index < memorySessions + 10_000; index++) await store.sessionAccounts.set(key(index), `attacker-${index}@example.org`);
const capped = heapMiB() - before;
// Used after the measure, so that nothing above was collected before it.
const stillHeld = await Promise.all(counters.map((counter) => counter.delete(key(memoryKeysPerRule + 9_999))));
if (!stillHeld.every(Boolean) || (await store.sessionAccounts.get(key(memorySessions + 9_999))) === undefined) throw new Error("not held");
console.log(
  `bounded store: ${counters.length} rules x ${memoryKeysPerRule} keys + ${memorySessions} sessions, each filled beyond its cap: ${capped.toFixed(1)} MiB`,
);

const beforeOld = heapMiB();
const old = new RateLimiterMemory({ keyPrefix: "old", ...window });
for (let index = 0; index < memoryKeysPerRule; index++) await old.consume(key(index));
console.log(
  `RateLimiterMemory (no cap), ${memoryKeysPerRule} keys of one rule: ${(heapMiB() - beforeOld).toFixed(1)} MiB, and it grows with every new key`,
);
