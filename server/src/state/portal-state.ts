// What the portal keeps beyond a request and a process: mail waiting to be
// sent (the outbox), each account's recent security activity, the devices
// it signed in from, the snapshot its security mails compare with, the
// audit trail of what admins did (Manage Users), and the lock that makes
// "is another admin left?" and the change one decision.
//
// In a Redis that every portal shares (PORTAL_REDIS_URL, with persistence):
// two portals see the same outbox, activity and devices, and each change is
// one atomic Redis command, so two portals writing at once lose nothing.
// Without it, in JSON files under PORTAL_STATE_DIR, for one portal process
// (npm start): they survive a restart. Kratos' own metadata_admin was not
// used: its PATCH (Kratos v1.3.1) takes only add, remove and replace (no
// JSON Patch "test") and the identity has no version to compare, so two
// portals appending at once would drop one event.
//
// The audit trail is kept by time (AUDIT_RETENTION), never by count: no
// number of other lines pushes one out before its time.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Redis } from "ioredis";
import type { StateConfig } from "../config.js";
import type { Device } from "#contract/devices.js";
import type { ActivityType } from "#contract/schemas/account.js";
import type { AuditEntry } from "#contract/schemas/users.js";
import type { OutboxEntry, OutboxStore } from "../mail/types.js";

export interface ActivityEvent {
  type: ActivityType;
  /** ISO time. */
  at: string;
  /** For sign-ins: the device (contract/devices.ts) and the client IP Kratos saw, as the portal shows them. */
  device?: Device;
  ip?: string;
  /** Sign-ins recorded before the device was: the user agent as sent, read into a device when shown. */
  user_agent?: string;
  /** A second factor's kind: totp, webauthn, passkey, lookup_secret. */
  method?: string;
  new_device?: boolean;
}

/** The newest this many events of an account are kept. */
export const activityLength = 50;

/** The devices an account signs in from that are remembered, the most recently used; an older one is new again. */
export const knownDevicesKept = 20;

/** How long a lock is held at most, should its holder die: then the next in line may go on. */
const lockMs = 60_000;
/** How long a caller waits for a lock before it gives up (an error: the change is not made). */
const lockWaitMs = 20_000;

export interface PortalState {
  outbox: OutboxStore;
  activity: {
    /** Adds the event, newest first, keeping the last activityLength. */
    add(account: string, event: ActivityEvent): Promise<void>;
    list(account: string): Promise<ActivityEvent[]>;
  };
  devices: {
    /**
     * Remembers a device of the account as its most recent; returns how many it had before and whether this one
     * was among them. Beyond knownDevicesKept, the least recently used is forgotten.
     */
    remember(account: string, device: string): Promise<{ known: boolean; before: number }>;
    /** The account's devices ("browser|system"), the most recently used first. */
    list(account: string): Promise<string[]>;
  };
  audit: {
    /** Records an admin's action on the account (entry.subject_id); it is kept for the retention period. */
    add(entry: AuditEntry): Promise<void>;
    /** The account's lines within the retention period, newest first. */
    list(account: string): Promise<AuditEntry[]>;
    /** Every line within the retention period, oldest first (the export). */
    all(): AsyncIterable<AuditEntry>;
  };
  /**
   * Runs `work` while the lock of that name is held: one caller at a time, across every portal that shares
   * this state. Fails (and does no work) when the lock does not come within lockWaitMs.
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Keeps the account's latest credential snapshot (services/security-events.ts); returns the one before. */
  swapSnapshot(account: string, snapshot: object): Promise<object | undefined>;
  /** Everything kept about an account, when it is deleted; its audit trail stays, the record of who deleted it. */
  forget(account: string): Promise<void>;
  close(): Promise<void>;
}

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
    async swapSnapshot(account, snapshot) {
      const previous = await client.getset(key("snapshot", account), JSON.stringify(snapshot));
      return previous === null ? undefined : (JSON.parse(previous) as object);
    },
    async forget(account) {
      // "devices": the unordered set of an earlier version, which "known-devices" replaced.
      await client.del(key("activity", account), key("known-devices", account), key("devices", account), key("snapshot", account));
    },
    async close() {
      await client.quit().catch(() => {
        client.disconnect();
      });
    },
  };
}

type Dated<T> = T & { dueAt: number };

interface FileData {
  outbox: Record<string, Dated<OutboxEntry>>;
  activity: Record<string, ActivityEvent[]>;
  /** Each account's devices, the least recently used first. */
  devices: Record<string, string[]>;
  snapshots: Record<string, object>;
  /** The whole trail, oldest first. */
  audit: AuditEntry[];
}

const entriesOf = <T>(record: Record<string, T> | undefined) => new Map(Object.entries(record ?? {}));

/** One JSON file, written whole (to a temporary file, then renamed) after each change: a crash leaves the old or the new, never half. */
export function fileState(dir: string, auditRetentionSeconds: number): PortalState {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, "state.json");
  let stored: Partial<FileData> = {};
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as Partial<FileData>;
  } catch {
    // No file yet: nothing kept.
  }
  const outbox = entriesOf(stored.outbox);
  const activity = entriesOf(stored.activity);
  const devices = entriesOf(stored.devices);
  const snapshots = entriesOf(stored.snapshots);
  // An earlier version kept the last 200 lines per account, in an object; nothing released carried it.
  let audit = Array.isArray(stored.audit) ? stored.audit : [];
  const auditCutoff = () => new Date(Date.now() - auditRetentionSeconds * 1000).toISOString();
  const locks = new Map<string, Promise<unknown>>();
  const save = () => {
    const data: FileData = {
      outbox: Object.fromEntries(outbox),
      activity: Object.fromEntries(activity),
      devices: Object.fromEntries(devices),
      snapshots: Object.fromEntries(snapshots),
      audit,
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(data), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  };
  return {
    outbox: {
      async add(mail) {
        const id = randomUUID();
        outbox.set(id, { id, mail, attempts: 0, queuedAt: Date.now(), dueAt: Date.now() });
        save();
      },
      async claim(limit, leaseMs) {
        const now = Date.now();
        const claimed = [...outbox.values()].filter((entry) => entry.dueAt <= now).slice(0, limit);
        for (const entry of claimed) entry.dueAt = now + leaseMs;
        if (claimed.length > 0) save();
        return claimed.map(({ id, mail, attempts, queuedAt }) => ({ id, mail: { ...mail }, attempts, queuedAt }));
      },
      async sent(id) {
        outbox.delete(id);
        save();
      },
      async later(entry, dueAt) {
        outbox.set(entry.id, { ...entry, dueAt });
        save();
      },
    },
    activity: {
      async add(account, event) {
        activity.set(account, [event, ...(activity.get(account) ?? [])].slice(0, activityLength));
        save();
      },
      list: async (account) => activity.get(account) ?? [],
    },
    devices: {
      async remember(account, device) {
        const known = devices.get(account) ?? [];
        devices.set(account, [...known.filter((other) => other !== device), device].slice(-knownDevicesKept));
        save();
        return { known: known.includes(device), before: known.length };
      },
      list: async (account) => [...(devices.get(account) ?? [])].reverse(),
    },
    audit: {
      async add(entry) {
        const cutoff = auditCutoff();
        audit = [...audit.filter((line) => line.at >= cutoff), entry];
        save();
      },
      async list(account) {
        const cutoff = auditCutoff();
        return audit.filter((line) => line.subject_id === account && line.at >= cutoff).reverse();
      },
      async *all() {
        const cutoff = auditCutoff();
        yield* audit.filter((line) => line.at >= cutoff);
      },
    },
    // One process: the lock is a queue in its memory.
    async withLock(name, work) {
      const before = locks.get(name) ?? Promise.resolve();
      const run = before.then(work, work);
      const settled = run.catch(() => undefined);
      locks.set(name, settled);
      try {
        return await run;
      } finally {
        if (locks.get(name) === settled) locks.delete(name);
      }
    },
    async swapSnapshot(account, snapshot) {
      const previous = snapshots.get(account);
      snapshots.set(account, snapshot);
      save();
      return previous;
    },
    async forget(account) {
      activity.delete(account);
      devices.delete(account);
      snapshots.delete(account);
      save();
    },
    close: async () => undefined,
  };
}

export const portalState = (config: StateConfig): Promise<PortalState> =>
  config.redisUrl ? redisState(config.redisUrl, config.auditRetention) : Promise.resolve(fileState(config.dir, config.auditRetention));
