// The settings flow behind the account pages: each card submits its own group,
// and the flow's messages and failures appear in the card that acted, a saved
// change in its own words. That message takes the focus from the form drawn
// anew, so no toast repeats it (docs/accessibility.md, 4.1.3). Changes the
// browser posts itself (security keys and passkeys added by Kratos' script, a
// provider linked) come back as a page load, where no focus moves: a note in
// sessionStorage says which card acted, and a toast says the change.
import type { SettingsFlow } from "@ory/client-fetch";
import { useEffect, useRef, useState } from "react";
import { useText } from "../../../lib/i18n/text";
import { isLanguage, languageTrait } from "#contract/languages.js";
import { useToast } from "../../../lib/feedback/toast";
import { saveLanguageChoice } from "../../../lib/i18n";
import type { Submitter } from "../../../lib/flows/submit-body";
import { useFlow } from "../../../lib/flows/use-flow";
import type { FlowBody } from "../../../lib/kratos/update-flow";
import { useHydrated } from "../../../lib/use-hydrated";

/** The words for a saved change, by the button that sent it, else by its group. */
const successByButton = {
  totp_unlink: "settings.totp.removed",
  lookup_secret_confirm: "settings.backupCodes.confirmed",
  lookup_secret_disable: "settings.backupCodes.disabled",
  webauthn_remove: "settings.webauthn.removed",
  passkey_remove: "settings.passkey.removed",
  unlink: "settings.providers.nowUnlinked",
} as const;

const successByGroup = {
  profile: "settings.profile.saved",
  password: "settings.password.saved",
  totp: "settings.totp.saved",
  lookup_secret: "settings.backupCodes.updated",
  webauthn: "settings.webauthn.added",
  passkey: "settings.passkey.added",
  // A link comes back from the provider as a page load.
  oidc: "settings.providers.nowLinked",
} as const;

function lookup<T extends object>(table: T, key: string | undefined): T[keyof T] | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key as keyof T] : undefined;
}

const nativeSubmitKey = "settings-native-submit";

export function useSettingsFlow() {
  const { t } = useText();
  const controller = useFlow("settings");
  const toast = useToast();
  // A native submission comes back as this page load: its card is the one that acted. It shows so once the app
  // runs: the server rendered the page without the note, and hydration needs the same first render.
  const [nativeGroup] = useState(readNativeSubmit);
  const hydrated = useHydrated();
  const [acted, setActed] = useState<{ group: string | undefined; button: string | undefined }>();
  const activeGroup = acted ? acted.group : hydrated ? nativeGroup : undefined;
  const saved = t(lookup(successByButton, acted?.button) ?? lookup(successByGroup, activeGroup) ?? "settings.saved");
  const loaded = controller.flow !== undefined;
  const succeeded = controller.flow?.state === "success";

  // The note answers this page load only.
  useEffect(clearNativeSubmit, []);

  // The first flow loaded after a native submission says whether it worked.
  const announced = useRef(false);
  useEffect(() => {
    if (!loaded || !nativeGroup || announced.current) return;
    announced.current = true;
    if (succeeded) toast.show(t(lookup(successByGroup, nativeGroup) ?? "settings.saved"), "success");
  }, [loaded, succeeded, nativeGroup, toast, t]);

  async function submitGroup(body: FlowBody, submitter: Submitter | undefined): Promise<SettingsFlow | undefined> {
    const group = submitter?.group;
    setActed({ group, button: submitter?.name });
    // Linking leaves for the provider's page; its card is the one that acted when the browser comes back.
    if (group !== undefined && typeof body.link === "string") noteNativeSubmit(group);
    const result = await controller.submit(body);
    if (result?.state === "success") {
      // The account's language was saved: this device follows it too, from this page on.
      const language = (body.traits as Record<string, unknown> | undefined)?.[languageTrait];
      if (group === "profile" && isLanguage(language)) await saveLanguageChoice(language);
    }
    return result;
  }

  return { ...controller, activeGroup, saved, submitGroup, noteNativeSubmit };
}

export type SettingsController = ReturnType<typeof useSettingsFlow>;

export function noteNativeSubmit(group: string): void {
  try {
    sessionStorage.setItem(nativeSubmitKey, group);
  } catch {
    // Without storage the change is still saved; only the toast is missing.
  }
}

export function readNativeSubmit(): string | undefined {
  try {
    return sessionStorage.getItem(nativeSubmitKey) ?? undefined;
  } catch {
    return undefined;
  }
}

function clearNativeSubmit(): void {
  try {
    sessionStorage.removeItem(nativeSubmitKey);
  } catch {
    // Nothing was noted.
  }
}
