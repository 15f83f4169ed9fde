// The five self-service flows a page can render, and their SDK types.
import type { LoginFlow, RecoveryFlow, RegistrationFlow, SettingsFlow, VerificationFlow } from "@ory/client-fetch";

export type FlowKind = "login" | "registration" | "recovery" | "verification" | "settings";

export interface FlowTypes {
  login: LoginFlow;
  registration: RegistrationFlow;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

export type FlowOf<K extends FlowKind> = FlowTypes[K];
