// The SDK type of each self-service flow kind (the kinds are the contract's).
import type { LoginFlow, RecoveryFlow, RegistrationFlow, SettingsFlow, VerificationFlow } from "@ory/client-fetch";
import type { FlowKind } from "#contract/flows.js";

export interface FlowTypes {
  login: LoginFlow;
  registration: RegistrationFlow;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

export type FlowOf<K extends FlowKind> = FlowTypes[K];
