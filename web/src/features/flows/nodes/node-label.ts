// What a node is called: Kratos' meta.label, else the input's own label, else its name.
import type { UiNode } from "@ory/client";

export function labelOf(node: UiNode): string | undefined {
  if (node.meta.label?.text) return node.meta.label.text;
  if (node.attributes.node_type === "input" && node.attributes.label?.text) return node.attributes.label.text;
  return undefined;
}

/** Kratos message ids the pages read (text/id.go). */
export const textIds = {
  lookupSecret: 1050009,
  lookupSecretUsed: 1050014,
} as const;
