// The card of a credential kind that Kratos lists as one remove button per
// credential (security keys, passkeys): the list with its own remove buttons,
// then the group's form for adding one.
import type { UiNode } from "@ory/client-fetch";
import { useText } from "../../../lib/i18n/text";
import type { SettingsController } from "../hooks/use-settings-flow";
import { CredentialList, removeButtons, type CredentialKind } from "./credential-list";
import { GroupCard } from "./group-card";

export function CredentialGroupCard({ settings, kind }: { settings: SettingsController; kind: CredentialKind }) {
  const { t } = useText();
  const { flow, busy } = settings;
  if (!flow) return null;
  const isRemoveButton = (node: UiNode) => node.attributes.node_type === "input" && node.attributes.name === `${kind}_remove`;
  return (
    <GroupCard
      settings={settings}
      groups={[kind]}
      title={t(`settings.${kind}.title`)}
      description={t(`settings.${kind}.description`)}
      width="wide"
      exclude={isRemoveButton}
      before={<CredentialList kind={kind} credentials={removeButtons(flow.ui.nodes, kind)} busy={busy} />}
    />
  );
}
