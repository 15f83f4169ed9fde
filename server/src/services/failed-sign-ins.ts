// Wrong passwords for an account (ory/kratos#654): each attempt the sign-in
// limit counted and Kratos refused is recorded in the account's activity
// (sign_in_failed), so that its owner sees them after signing in and in
// Devices and activity, and an admin on the person's page. When the attempts
// lock the account (LIMIT_SIGN_IN_ACCOUNT), its owner gets one mail per lock.
//
// The attempt names an identifier, read as Kratos' password strategy reads
// it (plugins/abuse-limits/submissions.ts); Kratos' admin API says whose it
// is. An identifier that is no account's leaves nothing, and no attempt
// keeps the password or the user agent as sent: the time, the device's
// names (contract/devices.ts) and the client's address, as a sign-in's.
import type { IdentityCredentials } from "@ory/client";
import type { FastifyBaseLogger } from "fastify";
import { deviceOf } from "#contract/devices.js";
import type { FailedSignIn, FailedSignInsSummary } from "#contract/schemas/account.js";
import { ipAddressOf } from "../ip-address.js";
import { mailLanguage } from "../language.js";
import type { KratosIdentities } from "../kratos/identities.js";
import { emailOf } from "../kratos/identities.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { Outbox } from "../mail/outbox.js";
import type { MailBrand } from "../mail/types.js";
import type { ActivityEvent, PortalState } from "../state/portal-state.js";

export interface FailedSignInAttempt {
  /** The identifier as Kratos matches it (lower case, no spaces): never kept. */
  identifier: string;
  /** As the client sent it: only the device's names are kept. */
  userAgent: string | undefined;
  ip: string;
  /** When the account's sign-in limit ends, if this attempt spent it: the account is locked for unknown browsers. */
  lockedUntil: Date | undefined;
}

export interface FailedSignIns {
  /** Records a wrong password for the account the identifier names, if any; mails its owner when it locked the account. */
  record(attempt: FailedSignInAttempt, log: FastifyBaseLogger): Promise<void>;
}

export interface FailedSignInsOptions {
  state: PortalState;
  identities: Pick<KratosIdentities, "search" | "mailAccount">;
  outbox: Pick<Outbox, "send">;
  brand: MailBrand;
  recoveryUrl: string;
  /** LIMIT_SIGN_IN_ACCOUNT's window: a lock notice within it is this lock's. */
  lockWindowMs: number;
}

/** A recorded attempt as the pages show it. */
export const failedSignInOf = (event: ActivityEvent): FailedSignIn => ({
  at: event.at,
  device: event.device ?? deviceOf(event.user_agent),
  ...(event.ip === undefined ? {} : { ip: event.ip }),
});

/** The account's recorded wrong passwords, newest first. */
export const failedSignInsOf = (events: ActivityEvent[]): FailedSignIn[] =>
  events.filter((event) => event.type === "sign_in_failed").map(failedSignInOf);

/**
 * The wrong passwords since the account's sign-in before the session that asks (signed in at `signedInAt`): the
 * hook that records a sign-in runs after Kratos signed the session in, so that sign-in is the newest before it.
 */
export function failedSinceLastSignIn(events: ActivityEvent[], signedInAt: Date): FailedSignInsSummary {
  const before = events.find((event) => event.type === "sign_in" && Date.parse(event.at) < signedInAt.getTime());
  const since = before === undefined ? -Infinity : Date.parse(before.at);
  const failed = events.filter((event) => event.type === "sign_in_failed" && Date.parse(event.at) > since);
  const newest = failed.at(0);
  return { count: failed.length, last: newest === undefined ? null : failedSignInOf(newest) };
}

export function failedSignIns({ state, identities, outbox, brand, recoveryUrl, lockWindowMs }: FailedSignInsOptions): FailedSignIns {
  /** The identity whose password identifier this is; undefined for anyone else. */
  async function accountOf(identifier: string): Promise<string | undefined> {
    const page = await identities.search({ email: identifier, match: "exact", pageSize: 2 });
    const named = page.items.filter((identity) => {
      const credentials: Partial<Record<string, IdentityCredentials>> = identity.credentials ?? {};
      const password = credentials.password?.identifiers;
      return password === undefined ? emailOf(identity).toLowerCase() === identifier : password.includes(identifier);
    });
    return named.length === 1 ? named[0].id : undefined;
  }

  /** The lock's one mail, to the address Kratos holds as verified for the account. */
  async function tellLocked(id: string, at: Date, until: Date): Promise<void> {
    await state.withLock(`sign-in-locked:${id}`, async () => {
      const events = await state.activity.list(id);
      const windowStart = until.getTime() - lockWindowMs;
      if (events.some((event) => event.type === "sign_in_locked" && Date.parse(event.at) >= windowStart)) return;
      await state.activity.add(id, { type: "sign_in_locked", at: at.toISOString() });
      const account = await identities.mailAccount(id);
      if (!account?.verified || account.email === "") return;
      const language = mailLanguage(account.traits);
      const params = { at: mailTime(at, language), until: mailTime(until, language), recoveryUrl };
      await outbox.send(renderMail("sign_in_locked", account.email, params, language, brand));
    });
  }

  return {
    async record({ identifier, userAgent, ip, lockedUntil }, log) {
      try {
        const id = await accountOf(identifier);
        if (id === undefined) return;
        const at = new Date();
        const address = ipAddressOf(ip);
        await state.activity.add(id, {
          type: "sign_in_failed",
          at: at.toISOString(),
          device: deviceOf(userAgent),
          ...(address === "" ? {} : { ip: address }),
        });
        if (lockedUntil !== undefined) await tellLocked(id, at, lockedUntil);
      } catch (error) {
        // Kratos or the state away: the attempt still counted against the limit; only its record is lost.
        log.warn({ err: error }, "a wrong password could not be recorded in the account's activity");
      }
    },
  };
}
