// /settings (Account Settings): profile, two-factor methods, passkeys and sign-in providers from
// the settings flow, one card per group, then the theme; the app adds the cards of other
// features (sessions, connected apps) as children. Password and backup codes
// live on the page the menu calls Recovery (paths.changePassword).
import { useState, type ReactNode } from "react";
import Alert from "react-bootstrap/Alert";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useCurrentSession } from "../../../lib/current-session";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { TraitFieldsScope } from "../../../lib/flows/trait-fields";
import { verificationFlowId } from "../../../lib/kratos/continue-with";
import { href } from "#contract/paths.js";
import { AppearanceCard } from "../components/appearance-card";
import { CredentialGroupCard } from "../components/credential-group-card";
import { GroupCard, groupsOf } from "../components/group-card";
import { ProvidersCard } from "../components/providers-card";
import { useSettingsFlow } from "../hooks/use-settings-flow";

/** Groups with a card of their own here or on the Recovery page; any other group gets a generic card. */
const placedGroups = new Set(["default", "profile", "totp", "webauthn", "passkey", "password", "lookup_secret", "oidc"]);

export function SettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettingsFlow();
  const { activeGroup, submitGroup } = settings;
  const { session, refresh } = useCurrentSession();
  const unverified = session.identity.verifiable_addresses.filter((address) => !address.verified);
  // A changed email gets a code mailed right away, for the verification flow Kratos names here.
  const [verificationFlow, setVerificationFlow] = useState<string>();

  return (
    <div className="account-page">
      <h1 className="h3 mb-4">{t("settings.title")}</h1>
      <FlowStatus controller={settings} showFailure={!activeGroup}>
        {(flow) => {
          const groups = groupsOf(flow.ui.nodes);
          return (
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
              {groups.has("totp") && (
                <GroupCard
                  settings={settings}
                  groups={["totp"]}
                  title={t("settings.totp.title")}
                  description={t("settings.totp.description")}
                />
              )}
              {groups.has("webauthn") && <CredentialGroupCard settings={settings} kind="webauthn" />}
              {groups.has("passkey") && <CredentialGroupCard settings={settings} kind="passkey" />}
              <ProvidersCard settings={settings} />
              {[...groups]
                .filter((group) => !placedGroups.has(group))
                .map((group) => (
                  <GroupCard key={group} settings={settings} groups={[group]} title={t("settings.otherGroup", { group })} />
                ))}
            </>
          );
        }}
      </FlowStatus>
      <AppearanceCard />
      {children}
    </div>
  );
}
