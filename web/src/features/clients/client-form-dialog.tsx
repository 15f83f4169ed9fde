// Create and edit a client in one form, in a dialog over the list. The
// server checks everything; its messages appear at the fields they name.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Modal from "react-bootstrap/Modal";
import Spinner from "react-bootstrap/Spinner";
import { ApiError } from "../../lib/api";
import {
  authMethodLabels,
  grantTypeLabels,
  problemsOf,
  responseTypeLabels,
  type ClientField,
  type ClientFormValues,
  type FormProblems,
} from "./client-form-values";
import type { GrantType, ResponseType, TokenEndpointAuthMethod } from "./client-types";

export interface ClientFormDialogProps {
  show: boolean;
  title: string;
  submitLabel: string;
  initial: ClientFormValues;
  /** Saves the values; a rejected ApiError is shown in the form (a 400 at its fields). */
  onSubmit(values: ClientFormValues): Promise<void>;
  onCancel(): void;
  onExited?: () => void;
}

const noProblems: FormProblems = { fields: {}, general: [] };

export function ClientFormDialog({ show, title, submitLabel, initial, onSubmit, onCancel, onExited }: ClientFormDialogProps) {
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

  const set = <K extends ClientField>(field: K, value: ClientFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

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

  return (
    <Modal show={show} onHide={onCancel} onExited={onExited} size="lg" aria-labelledby={titleId} backdrop="static">
      <Modal.Header closeButton closeLabel="Close">
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
          <TextField label="Name" {...field("client_name")} value={values.client_name} onChange={(v) => set("client_name", v)} />
          <TextField
            label="Redirect URIs"
            help="One absolute URI per line, without #. Where the application receives the authorization code."
            multiline
            {...field("redirect_uris")}
            value={values.redirect_uris}
            onChange={(v) => set("redirect_uris", v)}
          />
          <TextField
            label="Post-logout redirect URIs"
            help="One per line; each with the scheme, host and port of a redirect URI."
            multiline
            {...field("post_logout_redirect_uris")}
            value={values.post_logout_redirect_uris}
            onChange={(v) => set("post_logout_redirect_uris", v)}
          />
          <ChoiceGroup
            legend="Grant types"
            {...field("grant_types")}
            options={grantTypeLabels}
            selected={values.grant_types}
            onChange={(v: GrantType[]) => set("grant_types", v)}
          />
          <ChoiceGroup
            legend="Response types"
            {...field("response_types")}
            options={responseTypeLabels}
            selected={values.response_types}
            onChange={(v: ResponseType[]) => set("response_types", v)}
          />
          <TextField
            label="Scope"
            help="Scopes the application may ask for, separated by spaces."
            {...field("scope")}
            value={values.scope}
            onChange={(v) => set("scope", v)}
          />
          <TextField
            label="Audience"
            help="One per line: the APIs its access tokens are meant for."
            multiline
            {...field("audience")}
            value={values.audience}
            onChange={(v) => set("audience", v)}
          />
          <SelectField
            label="Token endpoint authentication"
            {...field("token_endpoint_auth_method")}
            options={authMethodLabels}
            value={values.token_endpoint_auth_method}
            onChange={(v: TokenEndpointAuthMethod) => set("token_endpoint_auth_method", v)}
          />
          <Form.Group className="mb-3" controlId={`${formId}-skip_consent`}>
            <Form.Check
              type="switch"
              label="Skip consent (a first-party application: users are not asked to allow it)"
              checked={values.skip_consent}
              onChange={(event) => set("skip_consent", event.target.checked)}
              isInvalid={problems.fields.skip_consent !== undefined}
              feedback={problems.fields.skip_consent}
              feedbackType="invalid"
            />
          </Form.Group>
          <TextField label="Client URI" help="The application's home page." {...field("client_uri")} value={values.client_uri} onChange={(v) => set("client_uri", v)} />
          <TextField label="Logo URI" help="Shown on the consent page." {...field("logo_uri")} value={values.logo_uri} onChange={(v) => set("logo_uri", v)} />
          <TextField
            label="Contacts"
            help="One email address per line: who to ask about this application."
            multiline
            {...field("contacts")}
            value={values.contacts}
            onChange={(v) => set("contacts", v)}
          />
          <TextField label="Owner" help="The team or person responsible for it." {...field("owner")} value={values.owner} onChange={(v) => set("owner", v)} />
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function problemsOfFailure(error: unknown): FormProblems {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.fieldErrors.length > 0) return problemsOf(error.fieldErrors);
    return { fields: {}, general: [error.message] };
  }
  return { fields: {}, general: ["The client could not be saved. Please try again."] };
}

/** aria-describedby for a control: its help and, when invalid, its error. */
function describedBy(...ids: (string | false)[]): string | undefined {
  const present = ids.filter((id): id is string => id !== false);
  return present.length > 0 ? present.join(" ") : undefined;
}

function TextField({
  label,
  name,
  value,
  onChange,
  help,
  error,
  multiline = false,
}: {
  label: string;
  name: ClientField;
  value: string;
  onChange(value: string): void;
  help?: string;
  error?: string;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={`${id}-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={name}
        {...(multiline ? { as: "textarea" as const, rows: 3 } : {})}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy(help !== undefined && `${id}-help`, error !== undefined && `${id}-error`)}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  selected,
  onChange,
  error,
}: {
  legend: string;
  name: ClientField;
  options: Record<T, string>;
  selected: T[];
  onChange(selected: T[]): void;
  error?: string;
}) {
  const id = useId();
  const values = Object.keys(options) as T[];
  const toggle = (value: T, on: boolean) =>
    // Kept in the order of the options, so an unchanged choice compares equal.
    onChange(values.filter((option) => (option === value ? on : selected.includes(option))));
  return (
    <fieldset className="mb-3" aria-describedby={error !== undefined ? `${id}-error` : undefined}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {values.map((value) => (
        <Form.Check
          key={value}
          inline
          type="checkbox"
          id={`${id}-${value.replace(/\s/g, "-")}`}
          name={name}
          label={options[value]}
          checked={selected.includes(value)}
          onChange={(event) => toggle(value, event.target.checked)}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined}
        />
      ))}
      {error !== undefined && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

function SelectField<T extends string>({
  label,
  name,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  name: ClientField;
  options: Record<T, string>;
  value: T;
  onChange(value: T): void;
  error?: string;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={`${id}-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
      >
        {(Object.keys(options) as T[]).map((option) => (
          <option key={option} value={option}>
            {options[option]}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
