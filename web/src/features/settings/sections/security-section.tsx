// Account Settings' Sign-in and security: the password (its own page, paths.changePassword, linked here), the
// authenticator app, security keys, passkeys and sign-in providers from the settings flow, and a generic card
// for any method Kratos adds that has none of its own.
import { useText } from "../../../lib/i18n/text";
import { Link } from "react-router-dom";
import { SectionCard } from "../../../lib/components/cards";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import { FlowStatus } from "../../../lib/flows/flow-status";
import { href } from "#contract/paths.js";
import { CredentialGroupCard } from "../components/credential-group-card";
import { GroupCard, groupsOf } from "../components/group-card";
import { ProvidersCard } from "../components/providers-card";
import { useSettingsFlow } from "../hooks/use-settings-flow";

/** Groups with a card of their own, here or elsewhere (the profile; password and backup codes on their page). */
const placedGroups = new Set(["default", "profile", "password", "lookup_secret", "totp", "webauthn", "passkey", "oidc"]);

/** The groups of this section whose forms the browser posts itself: Kratos' answer comes back to this section. */
export const securityGroups: ReadonlySet<string> = new Set(["webauthn", "passkey", "oidc"]);

export function SecuritySection() {
  const { t } = useText();
  const settings = useSettingsFlow();
  const { activeGroup } = settings;

  return (
    <>
      <SectionCard title={t("settings.passwordLink.title")} description={t("settings.passwordLink.description")}>
        <Link to={href("changePassword")} className="btn btn-outline-primary">
          {t("settings.passwordLink.link")}
        </Link>
      </SectionCard>
      <FlowStatus controller={settings} showFailure={!activeGroup}>
        {(flow) => {
          const groups = groupsOf(flow.ui.nodes);
          return (
            <>
              {!activeGroup && <FlowMessages messages={flow.ui.messages} />}
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
    </>
  );
}
