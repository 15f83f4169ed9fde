// GET /self-service/<kind>/flows?id=…: an existing flow, by kind.
import { kratos } from "./client";
import type { FlowKind } from "#contract/flows.js";
import type { FlowOf } from "./flow-kinds";

const getters: { [K in FlowKind]: (id: string) => Promise<FlowOf<K>> } = {
  login: (id) => kratos().getLoginFlow({ id }),
  registration: (id) => kratos().getRegistrationFlow({ id }),
  recovery: (id) => kratos().getRecoveryFlow({ id }),
  verification: (id) => kratos().getVerificationFlow({ id }),
  settings: (id) => kratos().getSettingsFlow({ id }),
};

export function getFlow<K extends FlowKind>(kind: K, id: string): Promise<FlowOf<K>> {
  return getters[kind](id);
}
