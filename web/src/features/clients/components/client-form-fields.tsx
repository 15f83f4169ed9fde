// The client form's fields: label, help and the server's error at each, wired
// for screen readers (the error is part of the field's description). Each is
// memoised and told its own name on change, so typing in one field renders
// that field only.
import { memo, useId } from "react";
import Form from "react-bootstrap/Form";
import type { ClientField } from "../utils/client-form-values";

/** aria-describedby for a control: its help and, when invalid, its error. */
function describedBy(...ids: (string | false)[]): string | undefined {
  const present = ids.filter((id): id is string => id !== false);
  return present.length > 0 ? present.join(" ") : undefined;
}

export const TextField = memo(function TextField({
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
  onChange: (name: ClientField, value: string) => void;
  help?: string;
  error?: string | undefined;
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
        onChange={(event) => onChange(name, event.target.value)}
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
});

export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  selected,
  onChange,
  error,
}: {
  legend: string;
  name: ClientField;
  /** Each value with its label, in the order shown. */
  options: Record<T, string>;
  selected: T[];
  onChange: (selected: T[]) => void;
  error?: string | undefined;
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

export function SelectField<T extends string>({
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
  onChange: (value: T) => void;
  error?: string | undefined;
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
