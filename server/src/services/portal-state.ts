// What the portal keeps beyond a request and a process: mail waiting to be
// sent (the outbox), each account's recent security activity, the devices
// it signed in from, the snapshot its security mails compare with, and the
// audit trail of what admins did to it (Manage Users).
//
// In a Redis that every portal shares (PORTAL_REDIS_URL, with persistence):
// two portals see the same outbox, activity and devices, and each change is
// one atomic Redis command, so two portals writing at once lose nothing.
// Without it, in JSON files under PORTAL_STATE_DIR, for one portal process
// (npm start): they survive a restart. Kratos' own metadata_admin was not
// used: its PATCH (Kratos v1.3.1) takes only add, remove and replace (no
// JSON Patch "test") and the identity has no version to compare, so two
// portals appending at once would drop one event.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Redis } from "ioredis";
import type { StateConfig } from "../config.js";
import type { ActivityType } from "#contract/schemas/account.js";
import type { AuditEntry } from "#contract/schemas/users.js";

/** One mail, as the outbox keeps it: rendered, ready for SMTP. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry {
  id: string;
  mail: OutgoingMail;
  /** Failed sending attempts so far. */
  attempts: number;
  /** When it was queued, ms since the epoch. */
  queuedAt: number;
}

export interface ActivityEvent {
  type: ActivityType;
  /** ISO time. */
  at: string;
  /** For sign-ins: the browser's user agent and the client IP Kratos saw. */
  user_agent?: string;
  ip?: string;
  /** A second factor's kind: totp, webauthn, passkey, lookup_secret. */
  method?: string;
  new_device?: boolean;
}

/** The newest this many events of an account are kept. */
export const activityLength = 50;

/** The newest this many admin actions on an account are kept. */
export const auditLength = 200;

export interface PortalState {
  outbox: {
    add(mail: OutgoingMail): Promise<void>;
    /** Up to `limit` entries that are due, each leased to this caller for leaseMs (no other portal gets it meanwhile). */
    claim(limit: number, leaseMs: number): Promise<OutboxEntry[]>;
    sent(id: string): Promise<void>;
    /** Tries again at dueAt. */
    later(entry: OutboxEntry, dueAt: number): Promise<void>;
  };
  activity: {
    /** Adds the event, newest first, keeping the last activityLength. */
    add(account: string, event: ActivityEvent): Promise<void>;
    list(account: string): Promise<ActivityEvent[]>;
  };
  devices: {
    /** Remembers a device of the account; returns how many it had before and whether this one was among them. */
    remember(account: string, device: string): Promise<{ known: boolean; before: number }>;
    /** The account's devices ("browser|system"), in no order. */
    list(account: string): Promise<string[]>;
  };
  audit: {
    /** Records an admin's action on the account (entry.subject_id), newest first, keeping the last auditLength. */
    add(entry: AuditEntry): Promise<void>;
    list(account: string): Promise<AuditEntry[]>;
  };
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

export async function redisState(url: string): Promise<PortalState> {
  const { Redis } = await import("ioredis");
  const client: Redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000 });
  // ioredis reconnects by itself; an error without a listener would end the process. Callers see failed commands.
  client.on("error", () => undefined);
  const key = (...parts: string[]) => [namespace, ...parts].join(":");
  const due = key("outbox", "due");
  const mails = key("outbox", "mails");
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
        const result = await client.multi().scard(key("devices", account)).sadd(key("devices", account), device).exec();
        const before = Number(result?.[0]?.[1] ?? 0);
        return { known: Number(result?.[1]?.[1] ?? 0) === 0, before };
      },
      list: (account) => client.smembers(key("devices", account)),
    },
    audit: {
      async add(entry) {
        const list = key("audit", entry.subject_id);
        await client
          .multi()
          .lpush(list, JSON.stringify(entry))
          .ltrim(list, 0, auditLength - 1)
          .exec();
      },
      async list(account) {
        return (await client.lrange(key("audit", account), 0, auditLength - 1)).map((raw) => JSON.parse(raw) as AuditEntry);
      },
    },
    async swapSnapshot(account, snapshot) {
      const previous = await client.getset(key("snapshot", account), JSON.stringify(snapshot));
      return previous === null ? undefined : (JSON.parse(previous) as object);
    },
    async forget(account) {
      await client.del(key("activity", account), key("devices", account), key("snapshot", account));
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
  devices: Record<string, string[]>;
  snapshots: Record<string, object>;
  audit: Record<string, AuditEntry[]>;
}

const entriesOf = <T>(record: Record<string, T> | undefined) => new Map(Object.entries(record ?? {}));

/** One JSON file, written whole (to a temporary file, then renamed) after each change: a crash leaves the old or the new, never half. */
export function fileState(dir: string): PortalState {
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
  const audit = entriesOf(stored.audit);
  const save = () => {
    const data: FileData = {
      outbox: Object.fromEntries(outbox),
      activity: Object.fromEntries(activity),
      devices: Object.fromEntries(devices),
      snapshots: Object.fromEntries(snapshots),
      audit: Object.fromEntries(audit),
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
        const before = known.length;
        const seen = known.includes(device);
        if (!seen) devices.set(account, [...known, device]);
        save();
        return { known: seen, before };
      },
      list: async (account) => devices.get(account) ?? [],
    },
    audit: {
      async add(entry) {
        audit.set(entry.subject_id, [entry, ...(audit.get(entry.subject_id) ?? [])].slice(0, auditLength));
        save();
      },
      list: async (account) => audit.get(account) ?? [],
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
  config.redisUrl ? redisState(config.redisUrl) : Promise.resolve(fileState(config.dir));
