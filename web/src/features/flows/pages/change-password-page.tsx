// /changepwd (Recovery): the password and the backup codes of the settings
// flow. Recovery by email lands here with the settings flow Kratos opened.
import type { SettingsFlow } from "@ory/client";
import { FlowMessages } from "../flow-messages";
import { FlowAlerts, Loading } from "../layout";
import { textIds } from "../nodes/node-label";
import { secretsOf } from "../nodes/node-text";
import { GroupCard } from "../settings/group-card";
import { useSettingsFlow } from "../use-settings-flow";

export function ChangePasswordPage() {
  const settings = useSettingsFlow();
  const { flow, notice, failure, activeGroup } = settings;
  const codes = flow ? backupCodes(flow) : undefined;

  return (
    <div className="account-page">
      <h1 className="h3 mb-4">Recovery</h1>
      <FlowAlerts notice={notice} failure={failure} />
      {!flow ? (
        <Loading />
      ) : (
        <>
          {!activeGroup && <FlowMessages messages={flow.ui.messages} />}
          <GroupCard settings={settings} groups={["password"]} title="Change password" />
          <GroupCard
            settings={settings}
            groups={["lookup_secret"]}
            title="Backup codes"
            description="One-time codes that stand in for your second factor if you lose your device."
            before={
              codes && (
                <p className="small mb-2" aria-live="polite">
                  {codes.left} of {codes.total} codes left
                </p>
              )
            }
          />
        </>
      )}
    </div>
  );
}

/** How many backup codes are unused, when Kratos shows them (after generating or revealing). */
export function backupCodes(flow: SettingsFlow): { left: number; total: number } | undefined {
  for (const node of flow.ui.nodes) {
    if (node.group !== "lookup_secret" || node.attributes.node_type !== "text") continue;
    const secrets = secretsOf(node.attributes.text);
    if (!secrets) continue;
    return {
      left: secrets.filter((secret) => secret.id === textIds.lookupSecret).length,
      total: secrets.length,
    };
  }
  return undefined;
}
