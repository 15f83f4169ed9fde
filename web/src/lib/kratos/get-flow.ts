// GET /self-service/<kind>/flows?id=…: an existing flow, by kind.
import { kratos } from "./client";
import type { FlowKind } from "#contract/flows.js";
import type { FlowOf } from "./flow-kinds";

const getters: { [K in FlowKind]: (id: string) => Promise<FlowOf<K>> } = {
  login: async (id) => (await kratos().getLoginFlow({ id })).data,
  registration: async (id) => (await kratos().getRegistrationFlow({ id })).data,
  recovery: async (id) => (await kratos().getRecoveryFlow({ id })).data,
  verification: async (id) => (await kratos().getVerificationFlow({ id })).data,
  settings: async (id) => (await kratos().getSettingsFlow({ id })).data,
};

export function getFlow<K extends FlowKind>(kind: K, id: string): Promise<FlowOf<K>> {
  return getters[kind](id);
}
