// What the portal keeps beyond a request and a process: mail waiting to be
// sent (the outbox), each account's recent security activity, the devices
// it signed in from, the snapshot its security mails compare with, the
// digests of its security mails' undo links (services/undo.ts), the
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
//
// One store for each: redis-state.ts and file-state.ts, behind the one
// interface here.
import type { Device } from "#contract/devices.js";
import type { ActivityType } from "#contract/schemas/account.js";
import type { AuditEntry } from "#contract/schemas/users.js";
import type { OutboxStore } from "../mail/types.js";

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
    /** Records many actions at once (an import's people): one write of the state, however many lines. */
    addMany(entries: readonly AuditEntry[]): Promise<void>;
    /** The account's lines within the retention period, newest first. */
    list(account: string): Promise<AuditEntry[]>;
    /** Every line within the retention period, oldest first (the export). */
    all(): AsyncIterable<AuditEntry>;
  };
  /**
   * Runs `work` while the lock of that name is held: one caller at a time, across every portal that shares
   * this state. Fails (and does no work) when the lock does not come in time (redis-state.ts: lockWaitMs).
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * The undo links of an account's security mails (services/undo.ts), each by the digest of its secret: read and
   * replaced whole under withLock(`undo:<account>`). The whole list is forgotten `ttlMs` after its last save.
   */
  undoLinks: {
    list(account: string): Promise<object[]>;
    save(account: string, links: object[], ttlMs: number): Promise<void>;
  };
  /** Keeps the account's latest credential snapshot (services/security-events.ts); returns the one before. */
  swapSnapshot(account: string, snapshot: object): Promise<object | undefined>;
  /**
   * The proof-of-work challenges whose solution was used (plugins/abuse-limits/proof-of-work.ts), by signature,
   * until they expire (seconds since the epoch): spend answers true the first time only.
   */
  spentChallenges: { spend(signature: string, expiresAt: number): Promise<boolean> };
  /** Everything kept about an account, when it is deleted; its audit trail stays, the record of who deleted it. */
  forget(account: string): Promise<void>;
  close(): Promise<void>;
}
