// What happens to an account, as Kratos' web hooks report it: recorded in the
// account's recent activity, and mailed to the account's address where the
// user must hear of it (a new device, a new password, a second factor, a new
// address, a recovery).
//
// Who gets a mail comes from Kratos, never from the hook's body: the account
// is read from Kratos' admin API by the body's identity id, and an identity
// Kratos does not know (never made, or deleted) gets nothing, not even a line
// of activity. Only a verified address gets security mail: otherwise anyone
// could sign up with someone else's address and have the portal write to
// them on each sign-in. The one exception is the old address of an email
// change, which is whoever lost the account. The outbox counts every mail
// against the address's quota (LIMIT_PORTAL_MAIL_ADDRESS).
//
// Kratos' hook context does not say what a settings change changed (the
// flow's method is not set yet when the hook runs, and the identity comes
// without credentials), so the portal keeps a snapshot of each account's
// address and credentials (dates and counts, no secret) and compares it with
// what Kratos' admin API says after each change.
import type { FastifyBaseLogger } from "fastify";
import { deviceKey, deviceOf } from "#contract/devices.js";
import type { Language } from "#contract/languages.js";
import { providerNameOf } from "#contract/providers.js";
import type { ActivityType } from "#contract/schemas/account.js";
import type { KratosHookBody, KratosHookEvent } from "#contract/schemas/kratos-hooks.js";
import { ipAddressOf } from "../ip-address.js";
import { mailLanguage } from "../language.js";
import type { Outbox } from "../mail/outbox.js";
import { mailTime, renderMail } from "../mail/messages.js";
import type { MailBrand, MailId, MailParams, SecondFactor } from "../mail/types.js";
import type { CredentialSnapshot, KratosIdentities, MailAccount } from "../kratos/identities.js";
import type { ActivityEvent, PortalState } from "../state/portal-state.js";
import type { UndoChange, UndoLinks } from "./undo.js";

/**
 * How long after accepting an invitation the invitee's recovery (the accepted link signs them in with an admin
 * recovery code) and their first password are expected, not alarming: the code's 15 minutes and the settings
 * flow's privileged 15 after it.
 */
const invitationWindowMs = 30 * 60_000;

export interface SecurityEvents {
  /** What one hook call reports; `log` is the request's, for a body that names another address than Kratos. */
  record(event: KratosHookEvent, body: KratosHookBody, log: FastifyBaseLogger): Promise<void>;
}

type Change =
  | { type: "password_changed" }
  | { type: "email_changed"; from: string }
  | { type: `second_factor_${"added" | "removed"}`; method: SecondFactor }
  | { type: `provider_${"linked" | "unlinked"}`; provider: string };

/** Sign-in providers linked or unlinked; nothing when the earlier snapshot predates them. */
function providerChanges(before: CredentialSnapshot, after: CredentialSnapshot): Change[] {
  if (before.providers === undefined || after.providers === undefined) return [];
  const { providers: was } = before;
  const { providers: is } = after;
  return [
    ...is.filter((id) => !was.includes(id)).map((provider) => ({ type: "provider_linked" as const, provider })),
    ...was.filter((id) => !is.includes(id)).map((provider) => ({ type: "provider_unlinked" as const, provider })),
  ];
}

/** What differs between two snapshots of one account, as the mails name it. */
export function changesBetween(before: CredentialSnapshot, after: CredentialSnapshot): Change[] {
  const changes: Change[] = [];
  if (before.email.toLowerCase() !== after.email.toLowerCase()) changes.push({ type: "email_changed", from: before.email });
  if (after.password !== "" && before.password !== after.password) changes.push({ type: "password_changed" });
  for (const method of ["totp", "webauthn", "passkey"] as const) {
    if (after[method] > before[method]) changes.push({ type: "second_factor_added", method });
    if (after[method] < before[method]) changes.push({ type: "second_factor_removed", method });
  }
  // New backup codes replace the old ones: a new date is new codes.
  if (after.lookup_secret !== before.lookup_secret) {
    changes.push({ type: after.lookup_secret === "" ? "second_factor_removed" : "second_factor_added", method: "lookup_secret" });
  }
  return [...changes, ...providerChanges(before, after)];
}

export function securityEvents(
  state: PortalState,
  identities: Pick<KratosIdentities, "mailAccount">,
  outbox: Pick<Outbox, "send">,
  settingsUrl: string,
  brand: MailBrand,
  undo?: Pick<UndoLinks, "issue">,
): SecurityEvents {
  /** The account as Kratos has it now, with the snapshot kept before (undefined the first time the portal sees it). */
  async function accountOf(id: string) {
    const account = await identities.mailAccount(id);
    if (!account) return undefined;
    const before = (await state.swapSnapshot(id, account.snapshot)) as CredentialSnapshot | undefined;
    return { ...account, before, language: mailLanguage(account.traits) };
  }

  type Account = MailAccount & { before: CredentialSnapshot | undefined; language: Language };

  async function event(id: string, account: Account, type: ActivityType, extra: Partial<ActivityEvent> = {}): Promise<string> {
    const at = new Date();
    await state.activity.add(id, { type, at: at.toISOString(), ...extra });
    return mailTime(at, account.language);
  }

  /** A security mail to the account's own address, if Kratos holds it as verified. */
  async function tell<Id extends MailId>(account: Account, id: Id, params: MailParams[Id]) {
    if (account.verified && account.email !== "") await outbox.send(renderMail(id, account.email, params, account.language, brand));
  }

  /**
   * The undo link of a change's mail to `address` (services/undo.ts): only when that is the address the account
   * had before the change, never a new one, and only when the mail goes out.
   */
  async function undoLinkFor(
    id: string,
    account: Account,
    address: string,
    change: Pick<UndoChange, "change" | "method" | "at">,
  ): Promise<{ undoLink?: string }> {
    if (!undo || !account.before || address === "" || address.toLowerCase() !== account.before.email.toLowerCase()) return {};
    return { undoLink: await undo.issue(id, { ...change, address, before: account.before }) };
  }

  /** The undo link of a change's mail to the account's own address, when tell sends it. */
  const undoLinkOfTell = (id: string, account: Account, change: Pick<UndoChange, "change" | "method" | "at">) =>
    account.verified ? undoLinkFor(id, account, account.email, change) : Promise.resolve({});

  /** Whether the account accepted its invitation just now: its sign-in by recovery code and first password are that. */
  const justInvited = (account: Account) =>
    account.invitationAcceptedAt !== undefined && Date.now() - Date.parse(account.invitationAcceptedAt) < invitationWindowMs;

  /** A provider linked or unlinked: recorded, and mailed to the account's address. */
  async function providerChange(id: string, account: Account, change: Change & { provider: string }): Promise<void> {
    const provider = providerNameOf(change.provider);
    const seen = new Date();
    const at = await event(id, account, change.type, { method: provider });
    const undoLink =
      change.type === "provider_linked" ? await undoLinkOfTell(id, account, { change: change.type, method: provider, at: seen }) : {};
    await tell(account, change.type, { provider, at, settingsUrl, ...undoLink });
  }

  async function signIn(id: string, body: KratosHookBody, account: Account): Promise<void> {
    // Signing in to link a provider (Kratos' "an account with this address exists", 1010016) links it here.
    if (account.before) {
      for (const change of providerChanges(account.before, account.snapshot))
        if ("provider" in change) await providerChange(id, account, change);
    }
    // The second factor's call completes the sign-in the first factor's call reported. Linking counts as a
    // method of its own (Kratos adds it to the session), so the link above comes first.
    if ((body.factors_used ?? 1) > 1) return;
    const device = deviceOf(body.user_agent);
    const ip = ipAddressOf(body.ip);
    const { known, before } = await state.devices.remember(id, deviceKey(device));
    // The account's first device is where it was made: nothing new to warn about.
    const newDevice = !known && before > 0;
    const at = await event(id, account, "sign_in", { device, ...(ip === "" ? {} : { ip }), new_device: newDevice });
    if (newDevice) await tell(account, "sign_in_new_device", { ...device, ip, at, settingsUrl });
  }

  async function settings(id: string, account: Account): Promise<void> {
    // Without an earlier snapshot (the portal's state was lost) there is nothing to compare with: only the record.
    const changes = account.before ? changesBetween(account.before, account.snapshot) : [];
    if (changes.length === 0) {
      await event(id, account, "profile_changed");
      return;
    }
    for (const change of changes) {
      const seen = new Date();
      if (change.type === "email_changed") {
        const at = await event(id, account, "email_changed");
        const params = { from: change.from, to: account.email, at, settingsUrl };
        // The old address whether or not it was verified: whoever lost the account still reads it, and only it
        // gets the undo link. The new one only once verified, like every other.
        const undoLink = await undoLinkFor(id, account, change.from, { change: "email_changed", at: seen });
        await outbox.send(renderMail("email_changed", change.from, { ...params, ...undoLink }, account.language, brand));
        await tell(account, "email_changed", params);
      } else if ("provider" in change) {
        await providerChange(id, account, change);
      } else if (change.type === "password_changed") {
        const at = await event(id, account, "password_changed");
        // An invitee's first password, chosen right after accepting, is no news to them.
        if (!(justInvited(account) && account.before?.password === "")) {
          const undoLink = await undoLinkOfTell(id, account, { change: "password_changed", at: seen });
          await tell(account, "password_changed", { at, settingsUrl, ...undoLink });
        }
      } else {
        const at = await event(id, account, change.type, { method: change.method });
        const undoLink = await undoLinkOfTell(id, account, { change: change.type, method: change.method, at: seen });
        await tell(account, change.type, { method: change.method, at, settingsUrl, ...undoLink });
      }
    }
  }

  return {
    async record(kind, body, log) {
      const id = body.identity_id;
      const account = await accountOf(id);
      if (!account) return;
      if (body.email.trim().toLowerCase() !== account.email.toLowerCase()) {
        // Neither address is logged: which account it was is for whoever holds the hook's secret to explain.
        log.warn({ event: kind }, "a Kratos hook named another address than Kratos holds for the identity: Kratos' is the one used");
      }
      if (kind === "login") return signIn(id, body, account);
      if (kind === "settings") return settings(id, account);
      const at = await event(id, account, "recovery_used");
      if (!justInvited(account)) await tell(account, "recovery_used", { at, settingsUrl });
    },
  };
}
