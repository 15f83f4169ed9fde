// Create and edit a client in one form, in a dialog over the list. The
// server checks everything; its field errors appear at the fields they name, and
// any other failure above the form, in the dialog where the admin acted.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { apiProblemOf } from "../../../lib/api-problem";
import { Modal } from "../../../lib/components/modal";
import { errorMessage } from "../../../lib/error-message";
import type { GrantType, ResponseType, TokenEndpointAuthMethod } from "../api/client-types";
import {
  authMethodLabels,
  grantTypeLabels,
  problemsOf,
  responseTypeLabels,
  type ClientField,
  type ClientFormValues,
  type FormProblems,
} from "../utils/client-form-values";
import { ChoiceGroup, SelectField, TextField } from "./client-form-fields";

export interface ClientFormDialogProps {
  show: boolean;
  title: string;
  submitLabel: string;
  initial: ClientFormValues;
  /** Saves the values; a rejection is shown in the form (a 400 at its fields). */
  onSubmit: (values: ClientFormValues) => Promise<void>;
  onCancel: () => void;
  /** Once it has faded out; gives the focus back to what opened it (the dialog does not). */
  onExited?: () => void;
}

const noProblems: FormProblems = { fields: {}, general: [] };

function problemsOfFailure(error: unknown): FormProblems {
  const problem = apiProblemOf(error);
  if (problem?.kind === "invalid") return problemsOf(problem.fieldErrors);
  return { fields: {}, general: [errorMessage(error)] };
}

function translated<T extends string>(options: Record<T, string>, t: (key: never) => string): Record<T, string> {
  return Object.fromEntries(Object.entries(options).map(([value, key]) => [value, t(key as never)])) as Record<T, string>;
}

export function ClientFormDialog({ show, title, submitLabel, initial, onSubmit, onCancel, onExited }: ClientFormDialogProps) {
  const { t } = useText();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState(noProblems);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const formId = useId();

  // Move to the first field the server named, so keyboard and screen reader users
  // land on it: after the commit that marks it invalid and enables the form again.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

  const set = useCallback(
    <K extends ClientField>(field: K, value: ClientFormValues[K]) => setValues((current) => ({ ...current, [field]: value })),
    [],
  );
  const grantTypeOptions = useMemo(() => translated(grantTypeLabels, t), [t]);
  const authMethodOptions = useMemo(() => translated(authMethodLabels, t), [t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(values);
      setProblems(noProblems);
    } catch (error) {
      setProblems(problemsOfFailure(error));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: ClientField) => ({ name, error: problems.fields[name] });
  const text = (name: ClientField, label: string, help?: string, multiline = false) => (
    <TextField label={label} help={help} multiline={multiline} {...field(name)} value={values[name] as string} onChange={set} />
  );

  return (
    // A row's "Edit" had lost the focus (it is disabled while its client loads) when this opened: `onExited` gives it back.
    <Modal show={show} onHide={onCancel} onExited={onExited} restoreFocus={false} size="lg" aria-labelledby={titleId} backdrop="static">
      <Modal.Header closeButton closeLabel={t("common.close")}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {problems.general.map((message) => (
          <Alert key={message} variant="danger" className="py-2 small">
            {message}
          </Alert>
        ))}
        <Form id={formId} ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
          {text("client_name", t("clients.form.name"))}
          {text("redirect_uris", t("clients.form.redirectUris"), t("clients.form.redirectUrisHelp"), true)}
          {text("post_logout_redirect_uris", t("clients.form.postLogoutRedirectUris"), t("clients.form.postLogoutRedirectUrisHelp"), true)}
          <ChoiceGroup
            legend={t("clients.form.grantTypes")}
            {...field("grant_types")}
            options={grantTypeOptions}
            selected={values.grant_types}
            onChange={(v: GrantType[]) => set("grant_types", v)}
          />
          <ChoiceGroup
            legend={t("clients.form.responseTypes")}
            {...field("response_types")}
            options={responseTypeLabels}
            selected={values.response_types}
            onChange={(v: ResponseType[]) => set("response_types", v)}
          />
          {text("scope", t("clients.form.scope"), t("clients.form.scopeHelp"))}
          {text("audience", t("clients.form.audience"), t("clients.form.audienceHelp"), true)}
          <SelectField
            label={t("clients.form.authMethod")}
            {...field("token_endpoint_auth_method")}
            options={authMethodOptions}
            value={values.token_endpoint_auth_method}
            onChange={(v: TokenEndpointAuthMethod) => set("token_endpoint_auth_method", v)}
          />
          <Form.Group className="mb-3" controlId={`${formId}-skip_consent`}>
            <Form.Check
              type="switch"
              label={t("clients.form.skipConsent")}
              checked={values.skip_consent}
              onChange={(event) => set("skip_consent", event.target.checked)}
              isInvalid={problems.fields.skip_consent !== undefined}
              feedback={problems.fields.skip_consent}
              feedbackType="invalid"
            />
          </Form.Group>
          {text("client_uri", t("clients.form.clientUri"), t("clients.form.clientUriHelp"))}
          {text("logo_uri", t("clients.form.logoUri"), t("clients.form.logoUriHelp"))}
          {text("contacts", t("clients.form.contacts"), t("clients.form.contactsHelp"), true)}
          {text("owner", t("clients.form.owner"), t("clients.form.ownerHelp"))}
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" form={formId} variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
