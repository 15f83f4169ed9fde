// One card of an account page: some groups of the settings flow as one form,
// with the flow's messages when this card was the one that acted.
import type { UiNode } from "@ory/client";
import type { ReactNode } from "react";
import { FlowForm } from "../flow-form";
import { FlowMessages } from "../flow-messages";
import { SectionCard } from "../layout";
import type { useSettingsFlow } from "../use-settings-flow";

export type SettingsController = ReturnType<typeof useSettingsFlow>;

export interface GroupCardProps {
  settings: SettingsController;
  groups: readonly string[];
  title: string;
  description?: ReactNode;
  width?: "narrow" | "wide";
  exclude?: (node: UiNode) => boolean;
  /** Inside the form, before the nodes, e.g. credentials with their remove buttons. */
  before?: ReactNode;
  /** Inside the form, after the nodes. */
  children?: ReactNode;
}

export function GroupCard({ settings, groups, title, description, width, exclude, before, children }: GroupCardProps) {
  const { flow, busy, activeGroup, submitGroup, noteNativeSubmit } = settings;
  if (!flow) return null;
  return (
    <SectionCard title={title} description={description} width={width}>
      {activeGroup && groups.includes(activeGroup) && <FlowMessages messages={flow.ui.messages} />}
      <FlowForm
        flow={flow}
        groups={groups}
        exclude={exclude}
        busy={busy}
        onSubmit={(body, submitter) => void submitGroup(body, submitter)}
        onNativeSubmit={noteNativeSubmit}
        prepend={before}
      >
        {children}
      </FlowForm>
    </SectionCard>
  );
}

export function groupsOf(nodes: readonly UiNode[]): Set<string> {
  return new Set(nodes.map((node) => node.group));
}
