// What happens to an account, as Kratos' web hooks report it: recorded in the
// account's recent activity, and mailed to the account's address where the
// user must hear of it (a new device, a new password, a second factor, a new
// address, a recovery).
import Bowser from "bowser";
import type { Outbox } from "../mail/outbox.js";
import { mailTime, renderMail, type SecondFactor } from "../mail/messages.js";
import type { ActivityType } from "../schemas/account.js";
import type { KratosHookBody, KratosHookEvent } from "../schemas/kratos-hooks.js";
import type { ActivityEvent, PortalState } from "./portal-state.js";

export interface SecurityEvents {
  record(event: KratosHookEvent, body: KratosHookBody): Promise<void>;
}

const secondFactors = ["totp", "webauthn", "passkey", "lookup_secret"] as const satisfies readonly SecondFactor[];

/** A device as the new-device rule sees it: the browser and the system, not their versions. */
export function deviceOf(userAgent: string | undefined): { browser: string; os: string } {
  const { browser, os } = Bowser.parse(userAgent ?? "");
  return { browser: browser.name ?? "", os: os.name ?? "" };
}

const deviceKey = ({ browser, os }: { browser: string; os: string }) => `${browser}|${os}`;

/** A device as remembered, back into its parts. */
export function parseDevice(key: string): { browser: string; os: string } {
  const [browser = "", os = ""] = key.split("|");
  return { browser, os };
}

/** Kratos calls the login hook again when the second factor completes the same sign-in: one event per session. */
const signInOnceSeconds = 24 * 3600;

export function securityEvents(state: PortalState, outbox: Pick<Outbox, "send">, settingsUrl: string): SecurityEvents {
  async function event(body: KratosHookBody, type: ActivityType, extra: Partial<ActivityEvent> = {}): Promise<string> {
    const at = new Date();
    await state.activity.add(body.identity_id, { type, at: at.toISOString(), ...extra });
    return mailTime(at);
  }

  async function signIn(body: KratosHookBody): Promise<void> {
    await state.swapFactors(body.identity_id, body.factors);
    if (body.session_id && !(await state.once(`sign-in:${body.session_id}`, signInOnceSeconds))) return;
    const device = deviceOf(body.user_agent);
    const { known, before } = await state.devices.remember(body.identity_id, deviceKey(device));
    // The account's first device is where it was made: nothing new to warn about.
    const newDevice = !known && before > 0;
    const at = await event(body, "sign_in", { user_agent: body.user_agent, ip: body.ip, new_device: newDevice });
    if (newDevice) {
      await outbox.send(renderMail("sign_in_new_device", body.email, { ...device, ip: body.ip ?? "", at, settingsUrl }));
    }
  }

  async function secondFactorChange(body: KratosHookBody, method: SecondFactor): Promise<void> {
    const previous = await state.swapFactors(body.identity_id, body.factors);
    const now = body.factors[method];
    const before = previous?.[method] ?? (now > 0 ? 0 : 1);
    // New backup codes replace the old ones: as many as before, but new ones.
    const added = now > before || (now === before && method === "lookup_secret" && now > 0);
    if (!added && now === before) return;
    const type = added ? "second_factor_added" : "second_factor_removed";
    const at = await event(body, type, { method });
    await outbox.send(renderMail(type, body.email, { method, at, settingsUrl }));
  }

  async function settings(body: KratosHookBody): Promise<void> {
    const method = body.method ?? "";
    if (method === "password") {
      const at = await event(body, "password_changed");
      await outbox.send(renderMail("password_changed", body.email, { at, settingsUrl }));
    } else if (method === "profile") {
      const from = body.previous_email;
      if (from === undefined || from.toLowerCase() === body.email.toLowerCase()) {
        await event(body, "profile_changed");
        return;
      }
      const at = await event(body, "email_changed");
      // To the old address too: whoever lost the account still reads that one.
      for (const to of [from, body.email]) await outbox.send(renderMail("email_changed", to, { from, to: body.email, at, settingsUrl }));
    } else if ((secondFactors as readonly string[]).includes(method)) {
      await secondFactorChange(body, method as SecondFactor);
    }
  }

  return {
    async record(kind, body) {
      if (kind === "login") return signIn(body);
      if (kind === "settings") return settings(body);
      const at = await event(body, "recovery_used");
      await outbox.send(renderMail("recovery_used", body.email, { at, settingsUrl }));
    },
  };
}
