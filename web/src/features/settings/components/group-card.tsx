// One card of an account page: some groups of the settings flow as one form,
// with the flow's messages and any failure when this card was the one that acted:
// a saved change in its own words (the message takes the focus from the form
// drawn anew, app/focus-management.ts).
import type { UiNode } from "@ory/client-fetch";
import type { ReactNode } from "react";
import { FormAlerts, SectionCard } from "../../../lib/components/cards";
import { FlowForm } from "../../../lib/flows/flow-form";
import { FlowMessages } from "../../../lib/flows/flow-messages";
import type { SettingsController } from "../hooks/use-settings-flow";

export interface GroupCardProps {
  settings: SettingsController;
  groups: readonly string[];
  title: string;
  description?: ReactNode;
  width?: "narrow" | "wide";
  exclude?: (node: UiNode) => boolean;
  /** Inside the form, before the nodes, e.g. credentials with their remove buttons. */
  before?: ReactNode;
}

export function GroupCard({ settings, groups, title, description, width, exclude, before }: GroupCardProps) {
  const { flow, busy, failure, activeGroup, saved, submitGroup, noteNativeSubmit } = settings;
  if (!flow) return null;
  const acted = activeGroup !== undefined && groups.includes(activeGroup);
  return (
    <SectionCard title={title} description={description} width={width}>
      {acted && (
        <>
          <FormAlerts failure={failure} />
          <FlowMessages messages={flow.ui.messages} saved={saved} />
        </>
      )}
      <FlowForm
        flow={flow}
        groups={groups}
        exclude={exclude}
        busy={busy}
        onSubmit={(body, submitter) => void submitGroup(body, submitter)}
        onNativeSubmit={noteNativeSubmit}
        prepend={before}
      />
    </SectionCard>
  );
}

export function groupsOf(nodes: readonly UiNode[]): Set<string> {
  return new Set(nodes.map((node) => node.group));
}
