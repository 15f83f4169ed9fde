// Registered security keys or passkeys, from the flow's remove buttons: Kratos
// names each credential and its date in the button's label context.
import type { UiNode, UiNodeInputAttributes } from "@ory/client-fetch";
import { useText } from "../../../lib/i18n/text";
import { ListTable } from "../../../lib/components/list-table";
import { SubmitButton } from "../../../lib/flows/nodes/node-input";
import { labelOf } from "../../../lib/flows/nodes/node-label";
import { useFormatDate } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import { useKratosText } from "../../../lib/i18n/kratos-text";

export type CredentialKind = "webauthn" | "passkey";

interface Credential {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  /** The name the user gave it; undefined where Kratos has none ("unnamed"). */
  name: string | undefined;
  addedAt: string | undefined;
}

/** Kratos' stand-in for a credential without a name (every passkey in Kratos 1.3). */
const kratosUnnamed = "unnamed";

export function removeButtons(nodes: readonly UiNode[], kind: CredentialKind): Credential[] {
  return nodes.flatMap((node) => {
    const attributes = node.attributes;
    if (attributes.node_type !== "input" || attributes.name !== `${kind}_remove`) return [];
    const context = (node.meta.label?.context ?? {}) as { display_name?: unknown; added_at?: unknown };
    const name = typeof context.display_name === "string" ? context.display_name.trim() : "";
    return [
      {
        node,
        attributes,
        name: name && name !== kratosUnnamed ? name : undefined,
        addedAt: typeof context.added_at === "string" ? context.added_at : undefined,
      },
    ];
  });
}

export function CredentialList({ kind, credentials, busy }: { kind: CredentialKind; credentials: readonly Credential[]; busy: boolean }) {
  const { t } = useText();
  const text = useKratosText();
  const formatDate = useFormatDate();
  // A passkey's name holds its date and time, which the server's page leaves to the browser (useFormatDate).
  const hydrated = useHydrated();
  if (!credentials.length) return <p className="text-body-secondary small">{t(`settings.${kind}.none`)}</p>;
  const nameOf = (credential: Credential) =>
    credential.name ??
    (kind === "passkey" && credential.addedAt && hydrated
      ? t("settings.passkey.name", { addedAt: new Date(credential.addedAt) })
      : t("settings.credentials.unnamed"));
  return (
    <ListTable
      label={t(`settings.${kind}.table`)}
      columns={[t("settings.credentials.name"), t("settings.credentials.added")]}
      className="mb-4"
    >
      {credentials.map((credential) => {
        const label = labelOf(credential.node);
        const lastOne = credential.attributes.disabled ? t(`settings.${kind}.lastOne`) : undefined;
        return (
          <tr key={String(credential.attributes.value)}>
            <td data-label={t("settings.credentials.name")}>{nameOf(credential)}</td>
            <td data-label={t("settings.credentials.added")}>{formatDate(credential.addedAt)}</td>
            <td className="text-end">
              <SubmitButton
                node={credential.node}
                attributes={credential.attributes}
                busy={busy}
                variant="outline-danger"
                size="sm"
                aria-label={label ? text(label, credential.node.group) : undefined}
                title={lastOne}
              >
                {t("settings.credentials.remove")}
              </SubmitButton>
              {lastOne && <div className="form-text">{lastOne}</div>}
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
