// An image node, e.g. the TOTP QR code Kratos sends as a data URL.
import type { UiNode, UiNodeImageAttributes } from "@ory/client";
import { labelOf } from "./node-label";

export function NodeImage({ node, attributes }: { node: UiNode; attributes: UiNodeImageAttributes }) {
  return (
    <div className="flow-node flow-node--image mb-3">
      <img
        id={attributes.id}
        src={attributes.src}
        width={attributes.width}
        height={attributes.height}
        alt={labelOf(node) ?? ""}
        className="img-fluid"
      />
    </div>
  );
}
