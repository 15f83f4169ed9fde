// An input node of any kind. Fields are uncontrolled: what Kratos sends is the
// starting value, what the user typed is read from the form on submit, and a
// new flow from Kratos re-mounts the form with Kratos' values.
import type { UiNode, UiNodeInputAttributes } from "@ory/client-fetch";
import type { ReactNode } from "react";
import Button, { type ButtonProps } from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useText } from "../../i18n/text";
import { isLanguage, languageNames, languages, languageTrait } from "#contract/languages.js";
import { useKratosText } from "../../i18n/kratos-text";
import { termsLinks, TermsLinksText } from "../../terms";
import { callTrigger, type ScriptsState } from "../kratos-scripts";
import { useOptionLabel, useTraitField, useTraitLabel } from "../trait-fields";
import { labelOf } from "./node-label";
import { hasError, NodeMessages } from "./node-messages";

export interface NodeInputProps {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  /** Unique per form, so the same flow can be rendered in several forms on one page. */
  idPrefix: string;
  busy: boolean;
  scripts: ScriptsState;
  /** A value to start with where Kratos sends none, e.g. the address to verify. */
  initialValue?: string | undefined;
  /** The form's main action gets the solid button; other methods an outlined one. */
  primary?: boolean | undefined;
  /** Told before Kratos' script takes over a button (it submits the form natively). */
  onTrigger?: ((group: string) => void) | undefined;
}

export function NodeInput({ node, attributes, idPrefix, busy, scripts, initialValue, primary, onTrigger }: NodeInputProps) {
  const id = `${idPrefix}-${attributes.name}`;
  const messagesId = `${id}-messages`;
  const { t, i18n } = useText();
  const text = useKratosText();
  const labelText = labelOf(node);
  // A trait's label is the identity schema's title, in English: the operator's texts or the catalog word it in
  // the page's language (trait-fields.tsx).
  // The sign-in form's `identifier` is the schema's one identifier, the email trait.
  const traitPath = attributes.name === "identifier" ? "traits.email" : attributes.name;
  const field = useTraitField(attributes.name);
  const traitLabel = useTraitLabel();
  const optionLabel = useOptionLabel();
  const kratosLabel = labelText && text(labelText, node.group);
  const label = traitPath.startsWith("traits.") ? traitLabel(traitPath, kratosLabel) : kratosLabel;
  const value = valueOf(attributes.value);
  const invalid = hasError(node.messages);
  const messages = <NodeMessages id={messagesId} messages={node.messages} />;
  const describedBy = node.messages.length ? messagesId : undefined;
  // The operator's terms, linked in the label of the schema's terms checkbox.
  const terms = termsLinks();
  // What every field of a trait or a credential says of itself: whether it may be changed, its validity, its group.
  const fieldProps = {
    disabled: attributes.disabled,
    isInvalid: invalid,
    "aria-invalid": invalid || undefined,
    "data-group": node.group,
    "aria-describedby": describedBy,
  };
  const selectProps = { id, attributes, label: label ?? attributes.name, fieldProps, messages };

  switch (attributes.type) {
    case "hidden":
      return (
        <input
          type="hidden"
          name={attributes.name}
          defaultValue={value}
          data-group={node.group}
          // A boolean or a number of Kratos' goes back as one, not as its text.
          data-scalar={typeof attributes.value === "boolean" || typeof attributes.value === "number" ? "" : undefined}
        />
      );

    case "submit":
      return (
        <div className="flow-node flow-node--action">
          <SubmitButton
            node={node}
            attributes={attributes}
            busy={busy}
            variant={submitVariant(attributes.name, primary)}
            aria-describedby={describedBy}
          >
            {label ?? value}
          </SubmitButton>
          {messages}
        </div>
      );

    case "button": {
      const needsScript = Boolean(attributes.onclickTrigger);
      const scriptFailed = needsScript && scripts === "failed";
      const buttonLabel = label ?? attributes.name;
      const scriptFailedId = `${id}-script`;
      // WebAuthn and passkey buttons: Kratos' script reads its options from
      // the button's value and submits the form natively once the browser answers.
      return (
        <div className="flow-node flow-node--action">
          <Button
            type="button"
            name={attributes.name}
            value={value}
            data-group={node.group}
            variant="outline-primary"
            disabled={attributes.disabled || busy || (needsScript && scripts !== "ready")}
            onClick={() => {
              onTrigger?.(node.group);
              callTrigger(attributes.onclickTrigger);
            }}
            aria-describedby={scriptFailed ? scriptFailedId : describedBy}
          >
            {/* Until the app and Kratos' script run (a page the server rendered, a slow link), the button says why it waits. */}
            {needsScript && scripts === "loading" ? t("flows.scriptLoading", { label: buttonLabel }) : buttonLabel}
          </Button>
          {messages}
          {scriptFailed && (
            <div id={scriptFailedId} className="invalid-feedback d-block">
              {t("flows.scriptFailed")}
            </div>
          )}
        </div>
      );
    }

    case "checkbox":
      return (
        <Form.Group className="flow-node mb-3" controlId={id}>
          <Form.Check
            type="checkbox"
            name={attributes.name}
            value="true"
            defaultChecked={attributes.value === true || attributes.value === "true"}
            label={
              terms && field?.terms ? (
                <>
                  {label ?? attributes.name} (<TermsLinksText terms={terms} />)
                </>
              ) : (
                (label ?? attributes.name)
              )
            }
            required={attributes.required}
            {...fieldProps}
          />
          {messages}
        </Form.Group>
      );

    default:
      if (attributes.name === `traits.${languageTrait}`)
        return (
          // The account's language, for its mail and its other devices: a new account starts with the page's.
          <SelectInput {...selectProps} defaultValue={isLanguage(value) ? value : i18n.language} required={false}>
            {languages.map((language) => (
              <option key={language} value={language} lang={language}>
                {languageNames[language]}
              </option>
            ))}
          </SelectInput>
        );
      if (field?.enum)
        return (
          // Nothing chosen is an empty value, which neither the app (submit-body.ts) nor Kratos' form parsing sends.
          <SelectInput {...selectProps} defaultValue={field.enum.some((option) => String(option) === value) ? value : ""}>
            <option value="">{t("flows.notChosen")}</option>
            {field.enum.map((option) => (
              <option key={String(option)} value={String(option)}>
                {optionLabel(attributes.name, option)}
              </option>
            ))}
          </SelectInput>
        );
      return (
        <Form.Group className="flow-node mb-3" controlId={id}>
          <Form.Label>{label ?? attributes.name}</Form.Label>
          <Form.Control
            type={attributes.type}
            name={attributes.name}
            defaultValue={value || initialValue}
            required={attributes.required}
            autoComplete={attributes.autocomplete ?? oneTimeCodeFields[attributes.name]}
            pattern={attributes.pattern}
            maxLength={attributes.maxlength ?? field?.maxLength}
            minLength={field?.minLength}
            min={field?.minimum}
            max={field?.maximum}
            step={field?.type === "integer" ? 1 : field?.type === "number" ? "any" : undefined}
            {...fieldProps}
          />
          {messages}
        </Form.Group>
      );
  }
}

interface FieldProps {
  disabled: boolean;
  isInvalid: boolean;
  "aria-invalid": true | undefined;
  "data-group": string;
  "aria-describedby": string | undefined;
}

/** A trait chosen from a list (the account's language, an enum of the schema), with its label and messages. */
function SelectInput({
  id,
  attributes,
  label,
  fieldProps,
  messages,
  defaultValue,
  required = attributes.required,
  children,
}: {
  id: string;
  attributes: UiNodeInputAttributes;
  label: string;
  fieldProps: FieldProps;
  messages: ReactNode;
  defaultValue: string;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <Form.Group className="flow-node mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select name={attributes.name} defaultValue={defaultValue} required={required} {...fieldProps}>
        {children}
      </Form.Select>
      {messages}
    </Form.Group>
  );
}

/** A submit node as a button: its name and value tell Kratos what the click means. */
export function SubmitButton({
  node,
  attributes,
  busy,
  children,
  ...buttonProps
}: {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  busy: boolean;
  children: ReactNode;
} & Omit<ButtonProps, "type" | "name" | "value" | "disabled">) {
  return (
    <Button
      {...buttonProps}
      type="submit"
      name={attributes.name}
      value={valueOf(attributes.value)}
      data-group={node.group}
      disabled={attributes.disabled || busy}
    >
      {children}
    </Button>
  );
}

/**
 * Kratos sends no autocomplete for the authenticator app's code: named here so that the browser or a password
 * manager may fill it (WCAG 1.3.5, 3.3.8).
 */
const oneTimeCodeFields: Readonly<Record<string, "one-time-code">> = { totp_code: "one-time-code" };

function valueOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // Kratos sends JSON values (e.g. WebAuthn options) as they are; the form carries them as text.
  return JSON.stringify(value);
}

/** Buttons that take something away look like it; other secondary steps stay quiet. */
function submitVariant(name: string, primary: boolean | undefined): string {
  if (primary) return "primary";
  if (/(_remove|_unlink|_disable)$/.test(name)) return "outline-danger";
  if (name === "method" || name.endsWith("_confirm")) return "outline-primary";
  return "outline-secondary";
}
