// A link node, e.g. "Continue" once an address is verified. Its href can carry
// a return_to, so it is only a link when it stays on the portal.
import type { UiNodeAnchorAttributes } from "@ory/client-fetch";
import Button from "react-bootstrap/Button";
import { useKratosText } from "../../i18n/kratos-text";
import { safeRedirect } from "../../redirect";

export function NodeAnchor({ attributes }: { attributes: UiNodeAnchorAttributes }) {
  const text = useKratosText();
  const href = safeRedirect(attributes.href);
  if (!href) return null;
  return (
    <div className="flow-node flow-node--action">
      <Button id={attributes.id} href={href} variant="primary">
        {text(attributes.title)}
      </Button>
    </div>
  );
}
