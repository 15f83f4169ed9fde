// A text node: the TOTP secret, the list of backup codes, or any text Kratos adds.
import type { UiNode, UiNodeTextAttributes, UiText } from "@ory/client";
import { labelOf, textIds } from "./node-label";

export function NodeText({ node, attributes }: { node: UiNode; attributes: UiNodeTextAttributes }) {
  const label = labelOf(node);
  const captionId = `${attributes.id}-caption`;
  const secrets = secretsOf(attributes.text);

  return (
    <figure className="flow-node flow-node--text mb-3" aria-labelledby={label ? captionId : undefined}>
      {label && (
        <figcaption id={captionId} className="form-text mb-1">
          {label}
        </figcaption>
      )}
      {secrets ? (
        <ul className="flow-codes list-unstyled mb-0">
          {secrets.map((secret, index) => (
            <li key={index} className={secret.id === textIds.lookupSecretUsed ? "flow-code flow-code--used" : "flow-code"}>
              {secret.id === textIds.lookupSecretUsed ? usedLabel(secret) : <code>{secret.text}</code>}
            </li>
          ))}
        </ul>
      ) : hasSecret(attributes.text) ? (
        <code className="flow-secret d-block">{attributes.text.text}</code>
      ) : (
        <p className="mb-0">{attributes.text.text}</p>
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

/** A used code: Kratos says when ("Secret was used at …"); shown short, with the date from its context. */
function usedLabel(secret: UiText): string {
  const usedAt = (secret.context as { used_at?: unknown } | undefined)?.used_at;
  const date = typeof usedAt === "string" ? new Date(usedAt) : undefined;
  if (!date || Number.isNaN(date.getTime())) return secret.text;
  return `Used ${new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "short" }).format(date)}`;
}

function hasSecret(text: UiText): boolean {
  const context = text.context as { secret?: unknown } | undefined;
  return typeof context?.secret === "string";
}
