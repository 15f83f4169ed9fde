// Turns a rendered flow form into the JSON body Kratos expects. The clicked
// button decides the method: only the default group (CSRF token, identifier,
// hidden traits) and the button's own group are sent, so a half-filled field of
// another method cannot get in the way.
import type { FlowBody } from "../kratos/update-flow";

/** One control of the form as rendered from a Kratos input node. */
export interface FormField {
  name: string;
  group: string;
  type: string;
  value: string;
  checked: boolean;
  /** A hidden field that carries a boolean or a number of Kratos' (a trait on the second screen of sign-up), as text. */
  scalar?: boolean;
}

/** The clicked submit button: its name and value are part of the body. */
export interface Submitter {
  name: string;
  value: string;
  group: string;
}

const defaultGroup = "default";
/**
 * An empty trait is left out, as Kratos' own form parsing does (ory/x decoderx: an empty string is no value):
 * sent as "", an optional enum or format would be refused and the profile could not be saved.
 */
const traitPrefix = "traits.";

export function buildSubmitBody(fields: readonly FormField[], submitter: Submitter | undefined): FlowBody {
  const body: FlowBody = {};
  for (const field of fields) {
    if (submitter && field.group !== defaultGroup && field.group !== submitter.group) continue;
    if (field.type === "submit" || field.type === "button") continue;
    if (field.type === "checkbox") setPath(body, field.name, field.checked);
    else if (field.scalar) setPath(body, field.name, JSON.parse(field.value) as unknown);
    else if (field.type === "number") {
      if (field.value !== "") setPath(body, field.name, Number(field.value));
    } else if (field.value !== "" || !field.name.startsWith(traitPrefix)) setPath(body, field.name, field.value);
  }
  if (submitter?.name) setPath(body, submitter.name, submitter.value);
  return body;
}

/** "traits.name.first" becomes { traits: { name: { first } } }, the shape Kratos validates against the identity schema. */
function setPath(body: FlowBody, name: string, value: unknown): void {
  const keys = name.split(".");
  const last = keys.pop() as string;
  let target = body;
  for (const key of keys) {
    const next = target[key];
    if (typeof next !== "object" || next === null) target[key] = {};
    target = target[key] as FlowBody;
  }
  target[last] = value;
}

/** The fields of a form rendered by FlowForm, read from the DOM (the inputs are uncontrolled). */
export function collectFields(form: HTMLFormElement): FormField[] {
  const fields: FormField[] = [];
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name || element.disabled) continue;
    const group = element.dataset.group;
    if (group === undefined) continue;
    const checked = element instanceof HTMLInputElement && element.checked;
    const scalar = element.dataset.scalar !== undefined;
    fields.push({ name: element.name, group, type: element.type, value: element.value, checked, ...(scalar ? { scalar } : {}) });
  }
  return fields;
}

export function submitterOf(element: Element | null | undefined): Submitter | undefined {
  if (!(element instanceof HTMLButtonElement || element instanceof HTMLInputElement)) return undefined;
  return { name: element.name, value: element.value, group: element.dataset.group ?? defaultGroup };
}
