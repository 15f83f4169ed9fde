// What happens to an account, as Kratos' web hooks report it: recorded in the
// account's recent activity, and mailed to the account's address where the
// user must hear of it (a new device, a new password, a second factor, a new
// address, a recovery).
//
// Kratos' hook context does not say what a settings change changed (the
// flow's method is not set yet when the hook runs, and the identity comes
// without credentials), so the portal keeps a snapshot of each account's
// address and credentials (dates and counts, no secret) and compares it with
// what Kratos' admin API says after each change.
import Bowser from "bowser";
import { defaultLanguage, type Language } from "#contract/languages.js";
import { providerNameOf } from "#contract/providers.js";
import { traitLanguage } from "../language.js";
import type { Outbox } from "../mail/outbox.js";
import { mailTime, renderMail, type SecondFactor } from "../mail/messages.js";
import type { ActivityType } from "#contract/schemas/account.js";
import type { KratosHookBody, KratosHookEvent } from "#contract/schemas/kratos-hooks.js";
import type { CredentialSnapshot, KratosIdentities } from "./kratos-identities.js";
import type { ActivityEvent, PortalState } from "./portal-state.js";

export interface SecurityEvents {
  record(event: KratosHookEvent, body: KratosHookBody): Promise<void>;
}

/** A device as the new-device rule sees it: the browser and the system, not their versions. */
export function deviceOf(userAgent: string | undefined): { browser: string; os: string } {
  // Bowser refuses an empty user agent.
  if (!userAgent) return { browser: "", os: "" };
  const { browser, os } = Bowser.parse(userAgent);
  return { browser: browser.name ?? "", os: os.name ?? "" };
}

const deviceKey = ({ browser, os }: { browser: string; os: string }) => `${browser}|${os}`;

/** A device as remembered, back into its parts. */
export function parseDevice(key: string): { browser: string; os: string } {
  const [browser = "", os = ""] = key.split("|");
  return { browser, os };
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

/** The language of the account's mails: its `language` trait, which the hook sends, else English. */
const languageOf = (body: KratosHookBody): Language => traitLanguage(body) ?? defaultLanguage;

export function securityEvents(
  state: PortalState,
  identities: Pick<KratosIdentities, "snapshot">,
  outbox: Pick<Outbox, "send">,
  settingsUrl: string,
): SecurityEvents {
  async function event(body: KratosHookBody, type: ActivityType, extra: Partial<ActivityEvent> = {}): Promise<string> {
    const at = new Date();
    await state.activity.add(body.identity_id, { type, at: at.toISOString(), ...extra });
    return mailTime(at, languageOf(body));
  }

  /** The account's snapshot now, and the one kept before (undefined the first time the portal sees the account). */
  async function snapshots(account: string): Promise<[CredentialSnapshot, CredentialSnapshot | undefined] | undefined> {
    const now = await identities.snapshot(account);
    if (!now) return undefined;
    return [now, (await state.swapSnapshot(account, now)) as CredentialSnapshot | undefined];
  }

  /** A provider linked or unlinked: recorded, and mailed to the account's address. */
  async function providerChange(body: KratosHookBody, to: string, change: Change & { provider: string }): Promise<void> {
    const provider = providerNameOf(change.provider);
    const at = await event(body, change.type, { method: provider });
    await outbox.send(renderMail(change.type, to, { provider, at, settingsUrl }, languageOf(body)));
  }

  async function signIn(body: KratosHookBody): Promise<void> {
    const found = await snapshots(body.identity_id);
    // Signing in to link a provider (Kratos' "an account with this address exists", 1010016) links it here.
    if (found?.[1]) {
      for (const change of providerChanges(found[1], found[0]))
        if ("provider" in change) await providerChange(body, found[0].email, change);
    }
    // The second factor's call completes the sign-in the first factor's call reported.
    if ((body.factors_used ?? 1) > 1) return;
    const device = deviceOf(body.user_agent);
    const { known, before } = await state.devices.remember(body.identity_id, deviceKey(device));
    // The account's first device is where it was made: nothing new to warn about.
    const newDevice = !known && before > 0;
    const at = await event(body, "sign_in", { user_agent: body.user_agent, ip: body.ip, new_device: newDevice });
    if (newDevice)
      await outbox.send(renderMail("sign_in_new_device", body.email, { ...device, ip: body.ip ?? "", at, settingsUrl }, languageOf(body)));
  }

  async function settings(body: KratosHookBody): Promise<void> {
    const found = await snapshots(body.identity_id);
    if (!found) return;
    const [now, before] = found;
    // Without an earlier snapshot (the portal's state was lost) there is nothing to compare with: only the record.
    const changes = before ? changesBetween(before, now) : [];
    if (changes.length === 0) {
      await event(body, "profile_changed");
      return;
    }
    for (const change of changes) {
      if (change.type === "email_changed") {
        const at = await event(body, "email_changed");
        // To the old address too: whoever lost the account still reads that one.
        for (const to of [change.from, now.email]) {
          await outbox.send(renderMail("email_changed", to, { from: change.from, to: now.email, at, settingsUrl }, languageOf(body)));
        }
      } else if ("provider" in change) {
        await providerChange(body, now.email, change);
      } else if (change.type === "password_changed") {
        const at = await event(body, "password_changed");
        await outbox.send(renderMail("password_changed", now.email, { at, settingsUrl }, languageOf(body)));
      } else {
        const at = await event(body, change.type, { method: change.method });
        await outbox.send(renderMail(change.type, now.email, { method: change.method, at, settingsUrl }, languageOf(body)));
      }
    }
  }

  return {
    async record(kind, body) {
      if (kind === "login") return signIn(body);
      if (kind === "settings") return settings(body);
      await snapshots(body.identity_id);
      const at = await event(body, "recovery_used");
      await outbox.send(renderMail("recovery_used", body.email, { at, settingsUrl }, languageOf(body)));
    },
  };
}
