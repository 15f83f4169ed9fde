// A text node: the TOTP secret, the list of backup codes, or any text Kratos adds.
import type { UiNode, UiNodeTextAttributes, UiText } from "@ory/client-fetch";
import { useKratosText } from "../../i18n/kratos-text";
import { textIds } from "../../kratos/text-ids";
import { labelOf } from "./node-label";

export function NodeText({ node, attributes }: { node: UiNode; attributes: UiNodeTextAttributes }) {
  const text = useKratosText();
  const label = labelOf(node);
  const captionId = `${attributes.id}-caption`;
  const secrets = secretsOf(attributes.text);

  return (
    <figure className="flow-node flow-node--text mb-3" aria-labelledby={label ? captionId : undefined}>
      {label && (
        <figcaption id={captionId} className="form-text mb-1">
          {text(label, node.group)}
        </figcaption>
      )}
      {secrets ? (
        <ul className="flow-codes list-unstyled mb-0">
          {secrets.map((secret, index) => (
            <li key={index} className={secret.id === textIds.lookupSecretUsed ? "flow-code flow-code--used" : "flow-code"}>
              {/* A used code says when it was used; an unused one is the code itself, never a text to translate. */}
              {secret.id === textIds.lookupSecretUsed ? text(secret) : <code>{secret.text}</code>}
            </li>
          ))}
        </ul>
      ) : hasSecret(attributes.text) ? (
        <code className="flow-secret d-block">{attributes.text.text}</code>
      ) : (
        <p className="mb-0">{text(attributes.text, node.group)}</p>
      )}
    </figure>
  );
}

/** Backup codes arrive as one text whose context lists each code (or when it was used) as its own message. */
export function secretsOf(text: UiText): UiText[] | undefined {
  const context = text.context as { secrets?: unknown } | undefined;
  if (!Array.isArray(context?.secrets)) return undefined;
  return context.secrets.filter(
    (secret): secret is UiText => typeof secret === "object" && secret !== null && typeof (secret as UiText).text === "string",
  );
}

function hasSecret(text: UiText): boolean {
  const context = text.context as { secret?: unknown } | undefined;
  return typeof context?.secret === "string";
}
