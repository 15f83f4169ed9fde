// The settings flow behind the account pages: each card submits its own group,
// the flow's messages appear in the card that acted, and every saved change
// raises a toast. Changes Kratos' script submits natively (security keys,
// passkeys) come back as a page load; a note in sessionStorage says which card acted.
import type { SettingsFlow } from "@ory/client";
import { useEffect, useState } from "react";
import type { FlowBody } from "../../lib/kratos/update-flow";
import { useToast } from "../../lib/feedback";
import type { Submitter } from "./submit-body";
import { useFlow } from "./use-flow";

const successByButton: Record<string, string> = {
  totp_unlink: "The authenticator app was unlinked.",
  lookup_secret_confirm: "Your backup codes are saved. Each code works once.",
  lookup_secret_disable: "Backup codes are turned off.",
  webauthn_remove: "The security key was removed.",
  passkey_remove: "The passkey was removed.",
};

const successByGroup: Record<string, string> = {
  profile: "Your profile was saved.",
  password: "Your password was changed.",
  totp: "The authenticator app is set up.",
  lookup_secret: "Your backup codes were updated.",
  webauthn: "The security key was added.",
  passkey: "The passkey was added.",
};

const nativeSubmitKey = "settings-native-submit";

export function useSettingsFlow() {
  const controller = useFlow("settings");
  const toast = useToast();
  const [activeGroup, setActiveGroup] = useState<string>();
  const flowId = controller.flow?.id;
  const flowState = controller.flow?.state;

  useEffect(() => {
    if (!flowId) return;
    const group = takeNativeSubmit();
    if (!group) return;
    setActiveGroup(group);
    if (flowState === "success") toast.show(successByGroup[group] ?? "Your changes were saved.", "success");
    // Only the first flow loaded after the native submission answers it, so this runs per flow id.
  }, [flowId]);

  async function submitGroup(body: FlowBody, submitter: Submitter | undefined): Promise<SettingsFlow | undefined> {
    const group = submitter?.group;
    setActiveGroup(group);
    const result = await controller.submit(body);
    if (result?.state === "success") {
      const message = (submitter && successByButton[submitter.name]) ?? (group && successByGroup[group]);
      toast.show(message || "Your changes were saved.", "success");
    }
    return result;
  }

  return { ...controller, activeGroup, submitGroup, noteNativeSubmit };
}

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
