// Account Settings' Profile (paths.settings itself): the identity's traits, the language among them, from the
// settings flow's profile group.
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import { useText } from "../../../lib/i18n/text";
import { Link } from "react-router-dom";
import { useCurrentSession } from "../../../lib/current-session";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { TraitFieldsScope } from "../../../lib/flows/trait-fields";
import { verificationFlowId } from "../../../lib/kratos/continue-with";
import { href } from "#contract/paths.js";
import { GroupCard } from "../components/group-card";
import { useSettingsFlow } from "../hooks/use-settings-flow";

export function ProfileSection() {
  const { t } = useText();
  const settings = useSettingsFlow();
  const { activeGroup, submitGroup } = settings;
  const { session, refresh } = useCurrentSession();
  const unverified = session.identity.verifiable_addresses.filter((address) => !address.verified);
  // A changed email gets a code mailed right away, for the verification flow Kratos names here.
  const [verificationFlow, setVerificationFlow] = useState<string>();

  return (
    <FlowStatus controller={settings} showFailure={!activeGroup}>
      {(flow) => (
        <>
          {!activeGroup && <FlowMessages messages={flow.ui.messages} />}
          <TraitFieldsScope flow={flow}>
            <GroupCard
              settings={{
                ...settings,
                // A saved profile can change the name in the header and the email's verification.
                submitGroup: async (body, submitter) => {
                  const result = await submitGroup(body, submitter);
                  if (result?.state === "success") {
                    setVerificationFlow(verificationFlowId(result.continue_with));
                    await refresh();
                  }
                  return result;
                },
              }}
              groups={["profile"]}
              title={t("settings.profile.title")}
              description={t("settings.profile.description")}
              before={
                unverified.length > 0 && (
                  <Alert variant="warning" className="py-2 small">
                    {t("settings.profile.unverified", { addresses: unverified.map((address) => address.value).join(", ") })}{" "}
                    <Link to={href("verification", { flow: verificationFlow })} className="alert-link">
                      {t("settings.profile.verifyIt")}
                    </Link>
                  </Alert>
                )
              }
            />
          </TraitFieldsScope>
        </>
      )}
    </FlowStatus>
  );
}
