// What a node is called: Kratos' meta.label, else the input's own label.
import type { UiNode, UiText } from "@ory/client-fetch";

export function labelOf(node: UiNode): UiText | undefined {
  if (node.meta.label?.text) return node.meta.label;
  if (node.attributes.node_type === "input" && node.attributes.label?.text) return node.attributes.label;
  return undefined;
}
