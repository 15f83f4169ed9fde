// The portal's state in a Redis that every portal shares (PORTAL_REDIS_URL):
// each change one atomic Redis command, so that two portals writing at once
// lose nothing (portal-state.ts).
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { AuditEntry } from "#contract/schemas/users.js";
import type { OutboxEntry } from "../mail/types.js";
import { activityLength, knownDevicesKept, type ActivityEvent, type PortalState } from "./portal-state.js";

/** How long a lock is held at most, should its holder die: then the next in line may go on. */
const lockMs = 60_000;
/** How long a caller waits for a lock before it gives up (an error: the change is not made). */
const lockWaitMs = 20_000;

const namespace = "account-portal";

/** Claims due entries and moves their due time past the lease, atomically: two portals never get the same mail at once. */
const claimScript = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], ARGV[2], id)
  local mail = redis.call('HGET', KEYS[2], id)
  if mail then table.insert(out, mail) else redis.call('ZREM', KEYS[1], id) end
end
return out`;

/**
 * Remembers a device as the account's most recent (a sorted set, scored in the order of use) and forgets the
 * least recently used beyond ARGV[2]; answers how many it had before and whether it was among them.
 */
const rememberDeviceScript = `
local before = redis.call('ZCARD', KEYS[1])
local known = redis.call('ZSCORE', KEYS[1], ARGV[1])
local last = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
redis.call('ZADD', KEYS[1], (tonumber(last) or 0) + 1, ARGV[1])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[2]) + 1))
if known then return {before, 1} end
return {before, 0}`;

/**
 * An audit line into the whole trail (KEYS[1]) and the account's (KEYS[2]), both sorted by time; then every line
 * before the retention's cutoff (ARGV[3]) leaves both, whoever it was about (ARGV[4] is the prefix of the
 * accounts' keys). A line is "<random id> <JSON>", so that two equal lines are two.
 */
const addAuditScript = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
for _, line in ipairs(expired) do
  redis.call('ZREM', ARGV[4] .. cjson.decode(string.sub(line, 38)).subject_id, line)
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])`;

/** Deletes the lock only if it is still the caller's (its token): a lock that expired and went to another stays theirs. */
const releaseLockScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** An audit line as stored: a random id, a space, the entry's JSON. */
const auditLine = (entry: AuditEntry) => `${randomUUID()} ${JSON.stringify(entry)}`;
const auditEntryOf = (line: string) => JSON.parse(line.slice(line.indexOf(" ") + 1)) as AuditEntry;

const pause = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

export async function redisState(url: string, auditRetentionSeconds: number): Promise<PortalState> {
  const { Redis } = await import("ioredis");
  const client: Redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000 });
  // ioredis reconnects by itself; an error without a listener would end the process. Callers see failed commands.
  client.on("error", () => undefined);
  const key = (...parts: string[]) => [namespace, ...parts].join(":");
  const due = key("outbox", "due");
  const mails = key("outbox", "mails");
  const auditTrail = key("audit-trail");
  const auditOf = (account: string) => key("audit-trail", account);
  const auditCutoff = () => Date.now() - auditRetentionSeconds * 1000;
  return {
    outbox: {
      async add(mail) {
        const entry: OutboxEntry = { id: randomUUID(), mail, attempts: 0, queuedAt: Date.now() };
        await client.multi().hset(mails, entry.id, JSON.stringify(entry)).zadd(due, Date.now(), entry.id).exec();
      },
      async claim(limit, leaseMs) {
        const now = Date.now();
        const found = (await client.eval(claimScript, 2, due, mails, now, now + leaseMs, limit)) as string[];
        return found.map((raw) => JSON.parse(raw) as OutboxEntry);
      },
      async sent(id) {
        await client.multi().zrem(due, id).hdel(mails, id).exec();
      },
      async later(entry, dueAt) {
        await client.multi().hset(mails, entry.id, JSON.stringify(entry)).zadd(due, dueAt, entry.id).exec();
      },
    },
    activity: {
      async add(account, event) {
        await client
          .multi()
          .lpush(key("activity", account), JSON.stringify(event))
          .ltrim(key("activity", account), 0, activityLength - 1)
          .exec();
      },
      async list(account) {
        return (await client.lrange(key("activity", account), 0, activityLength - 1)).map((raw) => JSON.parse(raw) as ActivityEvent);
      },
    },
    devices: {
      async remember(account, device) {
        const [before, known] = (await client.eval(rememberDeviceScript, 1, key("known-devices", account), device, knownDevicesKept)) as [
          number,
          number,
        ];
        return { known: known === 1, before };
      },
      list: (account) => client.zrevrange(key("known-devices", account), 0, -1),
    },
    audit: {
      async add(entry) {
        const line = auditLine(entry);
        await client.eval(addAuditScript, 2, auditTrail, auditOf(entry.subject_id), line, Date.parse(entry.at), auditCutoff(), auditOf(""));
      },
      async addMany(entries) {
        const batch = client.pipeline();
        for (const entry of entries) {
          batch.eval(
            addAuditScript,
            2,
            auditTrail,
            auditOf(entry.subject_id),
            auditLine(entry),
            Date.parse(entry.at),
            auditCutoff(),
            auditOf(""),
          );
        }
        const failure = (await batch.exec())?.find(([error]) => error !== null)?.[0];
        if (failure) throw failure;
      },
      async list(account) {
        return (await client.zrevrangebyscore(auditOf(account), "+inf", auditCutoff())).map(auditEntryOf);
      },
      async *all() {
        // In pages, oldest first: a year of lines need not be in memory at once.
        const page = 500;
        for (let offset = 0; ; offset += page) {
          const lines = await client.zrangebyscore(auditTrail, auditCutoff(), "+inf", "LIMIT", offset, page);
          yield* lines.map(auditEntryOf);
          if (lines.length < page) return;
        }
      },
    },
    async withLock(name, work) {
      const lock = key("lock", name);
      const token = randomUUID();
      const giveUpAt = Date.now() + lockWaitMs;
      while ((await client.set(lock, token, "PX", lockMs, "NX")) !== "OK") {
        if (Date.now() > giveUpAt) throw new Error(`the lock ${name} did not come within ${lockWaitMs} ms`);
        // A little apart, so that waiting portals do not knock all at once.
        await pause(20 + Math.random() * 40);
      }
      try {
        return await work();
      } finally {
        await client.eval(releaseLockScript, 1, lock, token);
      }
    },
    undoLinks: {
      async list(account) {
        const raw = await client.get(key("undo-links", account));
        return raw === null ? [] : (JSON.parse(raw) as object[]);
      },
      async save(account, links, ttlMs) {
        if (links.length === 0) await client.del(key("undo-links", account));
        else await client.set(key("undo-links", account), JSON.stringify(links), "PX", ttlMs);
      },
    },
    async swapSnapshot(account, snapshot) {
      const previous = await client.getset(key("snapshot", account), JSON.stringify(snapshot));
      return previous === null ? undefined : (JSON.parse(previous) as object);
    },
    spentChallenges: {
      async spend(signature, expiresAt) {
        if (expiresAt * 1000 <= Date.now()) return false;
        return (await client.set(key("spent-challenge", signature), "1", "EXAT", expiresAt, "NX")) === "OK";
      },
    },
    async forget(account) {
      // "devices": the unordered set of an earlier version, which "known-devices" replaced.
      await client.del(
        key("activity", account),
        key("known-devices", account),
        key("devices", account),
        key("snapshot", account),
        key("undo-links", account),
      );
    },
    async close() {
      await client.quit().catch(() => {
        client.disconnect();
      });
    },
  };
}
