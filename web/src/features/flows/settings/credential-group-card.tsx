// The card of a credential kind that Kratos lists as one remove button per
// credential (security keys, passkeys): the list with its own remove buttons,
// then the group's form for adding one.
import type { UiNode } from "@ory/client";
import { CredentialList, removeButtons } from "./credential-list";
import { GroupCard, type SettingsController } from "./group-card";

interface CredentialGroupCardProps {
  settings: SettingsController;
  group: "webauthn" | "passkey";
  title: string;
  description: string;
  noun: string;
  /** Shown when the only credential left cannot be removed. */
  lastOneHint: string;
}

export function CredentialGroupCard({ settings, group, title, description, noun, lastOneHint }: CredentialGroupCardProps) {
  const { flow, busy } = settings;
  if (!flow) return null;
  const removeButton = `${group}_remove`;
  const isRemoveButton = (node: UiNode) => node.attributes.node_type === "input" && node.attributes.name === removeButton;
  return (
    <GroupCard
      settings={settings}
      groups={[group]}
      title={title}
      description={description}
      width="wide"
      exclude={isRemoveButton}
      before={
        <CredentialList
          credentials={removeButtons(flow.ui.nodes, removeButton)}
          busy={busy}
          noun={noun}
          lastOneHint={lastOneHint}
        />
      }
    />
  );
}
