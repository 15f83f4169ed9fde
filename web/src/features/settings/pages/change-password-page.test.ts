import type { SettingsFlow } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import settingsBackupCodes from "../../../lib/flows/fixtures/settings-backup-codes.json";
import { backupCodes } from "./change-password-page";

const flow = settingsBackupCodes as unknown as SettingsFlow;

/** The codes as Kratos shows them when revealed: without the button that confirms new ones. */
function revealed(codes: SettingsFlow): SettingsFlow {
  const nodes = codes.ui.nodes.filter(
    (node) => !(node.attributes.node_type === "input" && node.attributes.name === "lookup_secret_confirm"),
  );
  return { ...codes, ui: { ...codes.ui, nodes } };
}

describe("backupCodes", () => {
  it("calls codes Kratos just generated unconfirmed: they do not work yet", () => {
    expect(backupCodes(flow)).toEqual({ left: 12, total: 12, confirmed: false });
  });

  it("counts every code as left once confirmed, when none was used", () => {
    expect(backupCodes(revealed(flow))).toEqual({ left: 12, total: 12, confirmed: true });
  });

  it("does not count codes Kratos reports as used", () => {
    const used = structuredClone(flow);
    for (const node of used.ui.nodes) {
      if (node.attributes.node_type !== "text") continue;
      const secrets = (node.attributes.text.context as { secrets?: { id: number; text: string }[] }).secrets;
      if (secrets?.[0]) secrets[0] = { id: 1050014, text: "Secret was used at 2026-11-22 05:01:09 +0000 UTC" };
    }
    expect(backupCodes(revealed(used))).toEqual({ left: 11, total: 12, confirmed: true });
  });

  it("knows nothing while the codes are hidden", () => {
    const hidden = { ...flow, ui: { ...flow.ui, nodes: flow.ui.nodes.filter((node) => node.type !== "text") } };
    expect(backupCodes(hidden)).toBeUndefined();
  });
});
