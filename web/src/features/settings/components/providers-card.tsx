// "Sign-in providers": Kratos' oidc group of the settings flow as a list. A
// provider with a `link` node is not linked yet; one with an `unlink` node is
// linked and may go. Kratos offers Unlink only while another way to sign in
// remains, and then names the linked provider nowhere in the flow: the
// account's linked providers come from /api/account/providers, and such a one
// is listed with the reason it stays.
import type { UiNode, UiNodeInputAttributes } from "@ory/client-fetch";
import { useQuery } from "@tanstack/react-query";
import { useText } from "../../../lib/i18n/text";
import { ProviderMark } from "../../../lib/components/provider-mark";
import { ListTable } from "../../../lib/components/list-table";
import { SubmitButton } from "../../../lib/flows/nodes/node-input";
import { labelOf } from "../../../lib/flows/nodes/node-label";
import { providerGroup } from "../../../lib/flows/provider-buttons";
import { useKratosText } from "../../../lib/i18n/kratos-text";
import { providerNameOf } from "#contract/providers.js";
import { providersQueryOptions } from "../api/get-providers";
import type { SettingsController } from "../hooks/use-settings-flow";
import { GroupCard } from "./group-card";

type ButtonNode = UiNode & { attributes: UiNodeInputAttributes };

interface Row {
  provider: string;
  /** The provider's label as Kratos' configuration gives it. */
  name: string;
  linked: boolean;
  /** Link or Unlink; none when unlinking would leave no way to sign in. */
  button: ButtonNode | undefined;
}

function buttonsOf(nodes: readonly UiNode[], name: "link" | "unlink"): ButtonNode[] {
  return nodes.filter(
    (node): node is ButtonNode => node.group === providerGroup && node.attributes.node_type === "input" && node.attributes.name === name,
  );
}

/** The provider's label from the button's message context ("Link {{provider}}"). */
function labelFrom(node: ButtonNode): string {
  const context = (node.meta.label?.context ?? {}) as { provider?: unknown };
  return typeof context.provider === "string" ? context.provider : providerNameOf(String(node.attributes.value));
}

export function ProvidersCard({ settings }: { settings: SettingsController }) {
  const { t } = useText();
  const text = useKratosText();
  const linked = useQuery(providersQueryOptions());
  const { flow, busy } = settings;
  if (!flow) return null;
  const rows: Row[] = [
    ...buttonsOf(flow.ui.nodes, "unlink").map((node) => ({
      provider: String(node.attributes.value),
      name: labelFrom(node),
      linked: true,
      button: node,
    })),
    ...buttonsOf(flow.ui.nodes, "link").map((node) => ({
      provider: String(node.attributes.value),
      name: labelFrom(node),
      linked: false,
      button: node,
    })),
  ];
  for (const provider of linked.data?.providers ?? []) {
    if (!rows.some((row) => row.provider === provider))
      rows.unshift({ provider, name: providerNameOf(provider), linked: true, button: undefined });
  }
  return (
    <GroupCard
      settings={settings}
      groups={[providerGroup]}
      title={t("settings.providers.title")}
      description={t("settings.providers.description")}
      width="wide"
      exclude={(node) => node.group === providerGroup}
      before={
        <ListTable
          label={t("settings.providers.table")}
          columns={[t("settings.providers.provider"), t("settings.providers.status")]}
          className="mb-0"
        >
          {rows.map((row) => {
            const label = row.button && labelOf(row.button);
            return (
              <tr key={row.provider}>
                <td data-label={t("settings.providers.provider")}>
                  <span className="d-inline-flex align-items-center gap-2">
                    <ProviderMark provider={row.provider} />
                    {row.name}
                  </span>
                </td>
                <td data-label={t("settings.providers.status")}>
                  {row.linked ? t("settings.providers.linked") : t("settings.providers.notLinked")}
                  {row.linked && !row.button && <div className="small text-body-secondary">{t("settings.providers.onlyWay")}</div>}
                </td>
                <td className="text-end">
                  {row.button && label && (
                    <SubmitButton
                      node={row.button}
                      attributes={row.button.attributes}
                      busy={busy}
                      size="sm"
                      variant={row.linked ? "outline-danger" : "outline-primary"}
                    >
                      {text(label, providerGroup)}
                    </SubmitButton>
                  )}
                </td>
              </tr>
            );
          })}
        </ListTable>
      }
    />
  );
}
