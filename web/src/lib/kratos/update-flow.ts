// POST /self-service/<kind>?flow=…: submits a flow as JSON, by kind.
import type {
  InitOverrideFunction,
  RecoveryFlow,
  SettingsFlow,
  SuccessfulNativeLogin,
  SuccessfulNativeRegistration,
  UpdateLoginFlowBody,
  UpdateRecoveryFlowBody,
  UpdateRegistrationFlowBody,
  UpdateSettingsFlowBody,
  UpdateVerificationFlowBody,
  VerificationFlow,
} from "@ory/client-fetch";
import { kratos } from "./client";
import type { FlowKind } from "#contract/flows.js";
import { proofOfWorkHeader } from "#contract/proof-of-work.js";
import { i18n } from "../i18n";

/** A submission body collected from the flow's own nodes: field names and values as Kratos described them. */
export type FlowBody = Record<string, unknown>;

export interface UpdateResults {
  login: SuccessfulNativeLogin;
  registration: SuccessfulNativeRegistration;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

// The body comes from the flow's nodes, so it has the shape of the method the
// clicked button names; the SDK's per-method unions cannot see that statically.
const updaters: {
  [K in FlowKind]: (flow: string, body: FlowBody, init: InitOverrideFunction | undefined) => Promise<UpdateResults[K]>;
} = {
  login: (flow, body, init) => kratos().updateLoginFlow({ flow, updateLoginFlowBody: body as unknown as UpdateLoginFlowBody }, init),
  registration: (flow, body, init) =>
    kratos().updateRegistrationFlow({ flow, updateRegistrationFlowBody: body as unknown as UpdateRegistrationFlowBody }, init),
  recovery: (flow, body, init) =>
    kratos().updateRecoveryFlow({ flow, updateRecoveryFlowBody: body as unknown as UpdateRecoveryFlowBody }, init),
  verification: (flow, body) =>
    kratos().updateVerificationFlow({ flow, updateVerificationFlowBody: body as unknown as UpdateVerificationFlowBody }),
  settings: (flow, body) => kratos().updateSettingsFlow({ flow, updateSettingsFlowBody: body as unknown as UpdateSettingsFlowBody }),
};

/**
 * The flows that may mail a code to someone who is not signed in: the page's language goes with them in
 * `transient_payload`, which Kratos' mail templates read (config/kratos/courier-templates/).
 */
const mailingFlows: ReadonlySet<FlowKind> = new Set(["login", "registration", "recovery", "verification"]);

/**
 * Submits the flow; with a solved proof-of-work challenge (the portal asked for one: 428
 * proof_of_work_required) in its header, which the portal reads and never passes on to Kratos.
 */
export function updateFlow<K extends FlowKind>(kind: K, flowId: string, body: FlowBody, proofOfWork?: string): Promise<UpdateResults[K]> {
  const init: InitOverrideFunction | undefined =
    proofOfWork === undefined
      ? undefined
      : ({ init }) => Promise.resolve({ headers: { ...init.headers, [proofOfWorkHeader]: proofOfWork } });
  return updaters[kind](flowId, mailingFlows.has(kind) ? { ...body, transient_payload: { language: i18n.language } } : body, init);
}
