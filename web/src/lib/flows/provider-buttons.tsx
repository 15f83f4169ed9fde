// Kratos' `oidc` group on the sign-in and sign-up pages: "Sign in with …"
// buttons, as a form of their own. Kratos merges whatever traits a provider's
// submission carries over what the provider says (a blank email field would
// replace the provider's address), so this form holds only the CSRF token,
// the page's language for a new account and the buttons; it keeps Kratos'
// action and method, so that it posts natively before the app's script runs.
import type { UiNode, UiNodeInputAttributes } from "@ory/client-fetch";
import type { FormEvent } from "react";
import Button from "react-bootstrap/Button";
import { useText } from "../i18n/text";
import { languageTrait } from "#contract/languages.js";
import { ProviderMark } from "../components/provider-mark";
import { useKratosText } from "../i18n/kratos-text";
import type { KratosFlow } from "../kratos/errors";
import type { FlowBody } from "../kratos/update-flow";
import { labelOf } from "./nodes/node-label";

export const providerGroup = "oidc";

/** The provider buttons of a flow: submit inputs named `provider` in the oidc group. */
export function providerNodes(flow: KratosFlow): (UiNode & { attributes: UiNodeInputAttributes })[] {
  return flow.ui.nodes.filter(
    (node): node is UiNode & { attributes: UiNodeInputAttributes } =>
      node.group === providerGroup && node.attributes.node_type === "input" && node.attributes.name === "provider",
  );
}

export interface ProviderButtonsProps {
  flow: KratosFlow;
  busy: boolean;
  /** A new account starts in the page's language (registration); a sign-in sends none. */
  withLanguage?: boolean;
  onSubmit: (body: FlowBody) => void;
}

export function ProviderButtons({ flow, busy, withLanguage = false, onSubmit }: ProviderButtonsProps) {
  const { t, i18n } = useText();
  const text = useKratosText();
  const providers = providerNodes(flow);
  if (providers.length === 0) return null;
  const csrf = flow.ui.nodes.find((node) => node.attributes.node_type === "input" && node.attributes.name === "csrf_token");
  const csrfToken = csrf?.attributes.node_type === "input" ? String(csrf.attributes.value ?? "") : "";

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement)) return;
    // What the form would post, as JSON: Kratos answers 422 with the provider's address to go to.
    onSubmit({
      csrf_token: csrfToken,
      method: providerGroup,
      provider: submitter.value,
      ...(withLanguage ? { traits: { [languageTrait]: i18n.language } } : {}),
    });
  }

  return (
    <form
      action={flow.ui.action}
      method={flow.ui.method}
      onSubmit={handleSubmit}
      className="provider-buttons"
      aria-label={t("flows.providers")}
    >
      <input type="hidden" name="csrf_token" defaultValue={csrfToken} />
      <input type="hidden" name="method" defaultValue={providerGroup} />
      {withLanguage && <input type="hidden" name={`traits.${languageTrait}`} defaultValue={i18n.language} />}
      {providers.map((node) => {
        const provider = String(node.attributes.value);
        const label = labelOf(node);
        return (
          <Button
            key={provider}
            type="submit"
            name="provider"
            value={provider}
            variant="outline-secondary"
            className="provider-button"
            disabled={node.attributes.disabled || busy}
          >
            <ProviderMark provider={provider} />
            <span>{label ? text(label, node.group) : provider}</span>
          </Button>
        );
      })}
      <div className="flow-separator" aria-hidden="true">
        <span>{t("flows.or")}</span>
      </div>
    </form>
  );
}
