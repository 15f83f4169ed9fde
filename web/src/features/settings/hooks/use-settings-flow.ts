// The settings flow behind the account pages: each card submits its own group,
// the flow's messages and failures appear in the card that acted, and every
// saved change raises a toast. Changes Kratos' script submits natively
// (security keys, passkeys) come back as a page load; a note in sessionStorage
// says which card acted.
import type { SettingsFlow } from "@ory/client";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/feedback/toast";
import type { Submitter } from "../../../lib/flows/submit-body";
import { useFlow } from "../../../lib/flows/use-flow";
import type { FlowBody } from "../../../lib/kratos/update-flow";

const successByButton = {
  totp_unlink: "settings.totp.removed",
  lookup_secret_confirm: "settings.backupCodes.confirmed",
  lookup_secret_disable: "settings.backupCodes.disabled",
  webauthn_remove: "settings.webauthn.removed",
  passkey_remove: "settings.passkey.removed",
} as const;

const successByGroup = {
  profile: "settings.profile.saved",
  password: "settings.password.saved",
  totp: "settings.totp.saved",
  lookup_secret: "settings.backupCodes.updated",
  webauthn: "settings.webauthn.added",
  passkey: "settings.passkey.added",
} as const;

function lookup<T extends object>(table: T, key: string | undefined): T[keyof T] | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key as keyof T] : undefined;
}

const nativeSubmitKey = "settings-native-submit";

export function useSettingsFlow() {
  const { t } = useTranslation();
  const controller = useFlow("settings");
  const toast = useToast();
  const [activeGroup, setActiveGroup] = useState<string>();
  const flowId = controller.flow?.id;
  const flowState = controller.flow?.state;

  // The first flow loaded after a native submission answers it; the note is
  // taken once, so later flows (and re-renders) find none.
  useEffect(() => {
    if (!flowId) return;
    const group = takeNativeSubmit();
    if (!group) return;
    setActiveGroup(group);
    if (flowState === "success") toast.show(t(lookup(successByGroup, group) ?? "settings.saved"), "success");
  }, [flowId, flowState, toast, t]);

  async function submitGroup(body: FlowBody, submitter: Submitter | undefined): Promise<SettingsFlow | undefined> {
    const group = submitter?.group;
    setActiveGroup(group);
    const result = await controller.submit(body);
    if (result?.state === "success") {
      toast.show(t(lookup(successByButton, submitter?.name) ?? lookup(successByGroup, group) ?? "settings.saved"), "success");
    }
    return result;
  }

  return { ...controller, activeGroup, submitGroup, noteNativeSubmit };
}

export type SettingsController = ReturnType<typeof useSettingsFlow>;

function noteNativeSubmit(group: string): void {
  try {
    sessionStorage.setItem(nativeSubmitKey, group);
  } catch {
    // Without storage the change is still saved; only the toast is missing.
  }
}

function takeNativeSubmit(): string | undefined {
  try {
    const group = sessionStorage.getItem(nativeSubmitKey);
    sessionStorage.removeItem(nativeSubmitKey);
    return group ?? undefined;
  } catch {
    return undefined;
  }
}
