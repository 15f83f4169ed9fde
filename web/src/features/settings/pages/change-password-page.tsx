// /changepwd (Recovery): the password and the backup codes of the settings
// flow. Recovery by email lands here with the settings flow Kratos opened, and
// so does an accepted invitation (?notice=invited), which Kratos' messages
// then welcome rather than call a recovery.
import type { SettingsFlow } from "@ory/client-fetch";
import { useText } from "../../../lib/i18n/text";
import { useSearchParams } from "react-router-dom";
import { changePasswordNotice } from "#contract/flows.js";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { secretsOf } from "../../../lib/flows/nodes/node-text";
import { textIds } from "../../../lib/kratos/text-ids";
import { GroupCard } from "../components/group-card";
import { useSettingsFlow } from "../hooks/use-settings-flow";

export function ChangePasswordPage() {
  const { t } = useText();
  const settings = useSettingsFlow();
  const { activeGroup } = settings;
  const [params] = useSearchParams();
  const invited = params.get("notice") === changePasswordNotice.invited;

  return (
    <div className="account-page">
      <h1 className="h3 mb-4">{t("settings.recoveryTitle")}</h1>
      <FlowStatus controller={settings} showFailure={!activeGroup}>
        {(flow) => {
          const codes = backupCodes(flow);
          return (
            <>
              {!activeGroup && <FlowMessages messages={flow.ui.messages} group={invited ? "invitation" : undefined} />}
              <GroupCard settings={settings} groups={["password"]} title={t("settings.password.title")} />
              <GroupCard
                settings={settings}
                groups={["lookup_secret"]}
                title={t("settings.backupCodes.title")}
                description={t("settings.backupCodes.description")}
                before={
                  codes && (
                    <p className="small mb-2" aria-live="polite">
                      {codes.confirmed
                        ? t("settings.backupCodes.left", { left: codes.left, total: codes.total })
                        : t("settings.backupCodes.unconfirmed")}
                    </p>
                  )
                }
              />
            </>
          );
        }}
      </FlowStatus>
    </div>
  );
}

export interface BackupCodes {
  left: number;
  total: number;
  /** False for codes just generated: they work only once the user confirms them. */
  confirmed: boolean;
}

/** The backup codes Kratos shows (after generating or revealing), and how many are unused. */
export function backupCodes(flow: SettingsFlow): BackupCodes | undefined {
  const confirmButton = flow.ui.nodes.some(
    (node) => node.attributes.node_type === "input" && node.attributes.name === "lookup_secret_confirm",
  );
  for (const node of flow.ui.nodes) {
    if (node.group !== "lookup_secret" || node.attributes.node_type !== "text") continue;
    const secrets = secretsOf(node.attributes.text);
    if (!secrets) continue;
    return {
      left: secrets.filter((secret) => secret.id === textIds.lookupSecret).length,
      total: secrets.length,
      confirmed: !confirmButton,
    };
  }
  return undefined;
}
