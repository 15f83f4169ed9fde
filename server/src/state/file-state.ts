// The portal's state in JSON files under PORTAL_STATE_DIR, for one portal
// process (npm start): it survives a restart (portal-state.ts).
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import type { AuditEntry } from "#contract/schemas/users.js";
import type { OutboxEntry } from "../mail/types.js";
import { activityLength, knownDevicesKept, type ActivityEvent, type PortalState } from "./portal-state.js";

type Dated<T> = T & { dueAt: number };

/**
 * Spent challenges kept in memory at most: they expire within minutes, and one portal process (this store's
 * only user) checks them, so the file need not hold them. Beyond it the oldest goes first.
 */
export const spentChallengesKept = 100_000;

interface FileData {
  outbox: Record<string, Dated<OutboxEntry>>;
  activity: Record<string, ActivityEvent[]>;
  /** Each account's devices, the least recently used first. */
  devices: Record<string, string[]>;
  snapshots: Record<string, object>;
  /** Each account's undo links, and when they are forgotten (ms since the epoch). */
  undoLinks?: Record<string, { links: object[]; until: number }>;
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
  const undoLinks = entriesOf(stored.undoLinks);
  // An earlier version kept the last 200 lines per account, in an object; nothing released carried it.
  let audit = Array.isArray(stored.audit) ? stored.audit : [];
  const auditCutoff = () => new Date(Date.now() - auditRetentionSeconds * 1000).toISOString();
  const locks = new Map<string, Promise<unknown>>();
  const spent = new LRUCache<string, true>({ max: spentChallengesKept });
  const save = () => {
    const data: FileData = {
      outbox: Object.fromEntries(outbox),
      activity: Object.fromEntries(activity),
      devices: Object.fromEntries(devices),
      snapshots: Object.fromEntries(snapshots),
      undoLinks: Object.fromEntries(undoLinks),
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
      async addMany(entries) {
        const cutoff = auditCutoff();
        audit = [...audit.filter((line) => line.at >= cutoff), ...entries];
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
    undoLinks: {
      async list(account) {
        const kept = undoLinks.get(account);
        return kept && kept.until > Date.now() ? kept.links : [];
      },
      async save(account, links, ttlMs) {
        for (const [other, kept] of undoLinks) if (kept.until <= Date.now()) undoLinks.delete(other);
        if (links.length === 0) undoLinks.delete(account);
        else undoLinks.set(account, { links, until: Date.now() + ttlMs });
        save();
      },
    },
    async swapSnapshot(account, snapshot) {
      const previous = snapshots.get(account);
      snapshots.set(account, snapshot);
      save();
      return previous;
    },
    spentChallenges: {
      async spend(signature, expiresAt) {
        const ttl = expiresAt * 1000 - Date.now();
        if (ttl <= 0 || spent.has(signature)) return false;
        spent.set(signature, true, { ttl });
        return true;
      },
    },
    async forget(account) {
      activity.delete(account);
      devices.delete(account);
      snapshots.delete(account);
      undoLinks.delete(account);
      save();
    },
    close: async () => undefined,
  };
}
