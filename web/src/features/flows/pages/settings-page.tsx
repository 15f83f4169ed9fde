// /settings (Account Settings): profile, two-factor methods and passkeys from
// the settings flow, one card per group, the active sessions and the connected
// apps. Password and backup codes live on the Recovery page (/changepwd).
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import { Link } from "react-router-dom";
import { useCurrentSession } from "../../../lib/current-session";
import { href } from "../../../lib/paths";
import { verificationFlowId } from "../continue-with";
import { FlowMessages } from "../flow-messages";
import { FlowAlerts, Loading } from "../layout";
import { CredentialGroupCard } from "../settings/credential-group-card";
import { ConnectedAppsCard } from "../settings/connected-apps-card";
import { GroupCard, groupsOf } from "../settings/group-card";
import { SessionsCard } from "../settings/sessions-card";
import { useSettingsFlow } from "../use-settings-flow";

/** Groups with a card of their own here or on the Recovery page; any other group gets a generic card. */
const placedGroups = new Set(["default", "profile", "totp", "webauthn", "passkey", "password", "lookup_secret"]);

export function SettingsPage() {
  const settings = useSettingsFlow();
  const { flow, notice, failure, activeGroup, submitGroup } = settings;
  const { session, refresh } = useCurrentSession();
  const groups = flow ? groupsOf(flow.ui.nodes) : new Set<string>();
  const unverified = session.identity.verifiable_addresses.filter((address) => !address.verified);
  // A changed email gets a code mailed right away, for the verification flow Kratos names here.
  const [verificationFlow, setVerificationFlow] = useState<string>();

  return (
    <div className="account-page">
      <h1 className="h3 mb-4">Account Settings</h1>
      <FlowAlerts notice={notice} failure={failure} />
      {!flow ? (
        <Loading />
      ) : (
        <>
          {!activeGroup && <FlowMessages messages={flow.ui.messages} />}
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
            title="Profile"
            description="Your name and the email address you sign in with."
            before={
              unverified.length > 0 && (
                <Alert variant="warning" className="py-2 small">
                  {unverified.map((address) => address.value).join(", ")} is not verified yet.{" "}
                  <Link to={href("verification", { flow: verificationFlow })} className="alert-link">
                    Verify it
                  </Link>
                </Alert>
              )
            }
          />
          {groups.has("totp") && (
            <GroupCard
              settings={settings}
              groups={["totp"]}
              title="Authenticator app"
              description="Sign in with a code from an app such as Google Authenticator as your second factor."
            />
          )}
          {groups.has("webauthn") && (
            <CredentialGroupCard
              settings={settings}
              group="webauthn"
              title="Security keys"
              description="Use a hardware security key as your second factor."
              noun="security key"
              lastOneHint="This key is your only way to sign in."
            />
          )}
          {groups.has("passkey") && (
            <CredentialGroupCard
              settings={settings}
              group="passkey"
              title="Passkeys"
              description="Sign in without a password, with your device's screen lock."
              noun="passkey"
              lastOneHint="This passkey is your only way to sign in."
            />
          )}
          {[...groups]
            .filter((group) => !placedGroups.has(group))
            .map((group) => (
              <GroupCard key={group} settings={settings} groups={[group]} title={titleOf(group)} />
            ))}
        </>
      )}
      <SessionsCard />
      <ConnectedAppsCard />
    </div>
  );
}

function titleOf(group: string): string {
  const words = group.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
