// An image node, e.g. the TOTP QR code Kratos sends as a data URL.
import type { UiNode, UiNodeImageAttributes } from "@ory/client-fetch";
import { useKratosText } from "../../i18n/kratos-text";
import { labelOf } from "./node-label";

export function NodeImage({ node, attributes }: { node: UiNode; attributes: UiNodeImageAttributes }) {
  const text = useKratosText();
  const label = labelOf(node);
  return (
    <div className="flow-node flow-node--image mb-3">
      <img
        id={attributes.id}
        src={attributes.src}
        width={attributes.width}
        height={attributes.height}
        alt={label ? text(label, node.group) : ""}
        className="img-fluid"
      />
    </div>
  );
}
