// Registered security keys or passkeys, from the flow's remove buttons: Kratos
// names each credential and its date in the button's label context.
import type { UiNode, UiNodeInputAttributes } from "@ory/client";
import { SubmitButton } from "../nodes/node-input";
import { labelOf } from "../nodes/node-label";
import { ListTable } from "../../../lib/list-table";

interface Credential {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  name: string;
  addedAt: string | undefined;
}

export function removeButtons(nodes: readonly UiNode[], name: string): Credential[] {
  return nodes.flatMap((node) => {
    const attributes = node.attributes;
    if (attributes.node_type !== "input" || attributes.name !== name) return [];
    const context = (node.meta.label?.context ?? {}) as { display_name?: unknown; added_at?: unknown };
    return [
      {
        node,
        attributes,
        name: typeof context.display_name === "string" && context.display_name ? context.display_name : "Unnamed",
        addedAt: typeof context.added_at === "string" ? context.added_at : undefined,
      },
    ];
  });
}

export function CredentialList({
  credentials,
  busy,
  noun,
  lastOneHint,
}: {
  credentials: readonly Credential[];
  busy: boolean;
  /** "security key" or "passkey". */
  noun: string;
  /** Shown when Kratos disables removal (the credential is the only way in). */
  lastOneHint: string;
}) {
  if (!credentials.length) return <p className="text-body-secondary small">No {noun}s yet.</p>;
  return (
    <ListTable label={`Your ${noun}s`} columns={["Name", "Added"]} className="mb-4">
      {credentials.map((credential) => (
        <tr key={String(credential.attributes.value)}>
          <td>{credential.name}</td>
          <td>{credential.addedAt ? formatDate(credential.addedAt) : "—"}</td>
          <td className="text-end">
            <SubmitButton
              node={credential.node}
              attributes={credential.attributes}
              busy={busy}
              variant="outline-danger"
              size="sm"
              aria-label={labelOf(credential.node) ?? `Remove ${credential.name}`}
              title={credential.attributes.disabled ? lastOneHint : undefined}
            >
              Remove
            </SubmitButton>
            {credential.attributes.disabled && <div className="form-text">{lastOneHint}</div>}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(date);
}
