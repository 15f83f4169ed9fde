// One Kratos UI node, rendered by its type. Script nodes render nothing here:
// FlowForm loads them. A node of a type this portal does not know still shows
// its label, so a form stays understandable when Kratos adds something new.
import type { UiNode } from "@ory/client-fetch";
import { useKratosText } from "../../i18n/kratos-text";
import type { ScriptsState } from "../kratos-scripts";
import { NodeAnchor } from "./node-anchor";
import { NodeImage } from "./node-image";
import { NodeInput } from "./node-input";
import { labelOf } from "./node-label";
import { NodeMessages } from "./node-messages";
import { NodeText } from "./node-text";

export interface UiNodeViewProps {
  node: UiNode;
  idPrefix: string;
  busy: boolean;
  scripts: ScriptsState;
  initialValue?: string | undefined;
  primary?: boolean;
  onTrigger?: ((group: string) => void) | undefined;
}

export function UiNodeView({ node, ...props }: UiNodeViewProps) {
  const attributes = node.attributes;
  switch (attributes.node_type) {
    case "input":
      return <NodeInput node={node} attributes={attributes} {...props} />;
    case "img":
      return <NodeImage node={node} attributes={attributes} />;
    case "text":
      return <NodeText node={node} attributes={attributes} />;
    case "a":
      return <NodeAnchor attributes={attributes} />;
    case "script":
      return null;
    default:
      return <UnknownNode node={node} idPrefix={props.idPrefix} />;
  }
}

function UnknownNode({ node, idPrefix }: { node: UiNode; idPrefix: string }) {
  const text = useKratosText();
  const label = labelOf(node);
  return (
    <div className="flow-node flow-node--unknown mb-3" data-node-type={node.type}>
      {label && <p className="mb-1">{text(label, node.group)}</p>}
      <NodeMessages id={`${idPrefix}-${node.type}-messages`} messages={node.messages} />
    </div>
  );
}
