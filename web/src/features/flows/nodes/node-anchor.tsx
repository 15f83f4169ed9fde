// A link node, e.g. "Continue" once an address is verified.
import type { UiNodeAnchorAttributes } from "@ory/client";
import Button from "react-bootstrap/Button";

export function NodeAnchor({ attributes }: { attributes: UiNodeAnchorAttributes }) {
  return (
    <div className="flow-node flow-node--action">
      <Button id={attributes.id} href={attributes.href} variant="primary">
        {attributes.title.text}
      </Button>
    </div>
  );
}
