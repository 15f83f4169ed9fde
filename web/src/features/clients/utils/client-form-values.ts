// Between the client form and /api/clients: the form keeps multi-value fields
// as one value per line, the API takes arrays with Hydra's field names.
import type { FieldError } from "#contract/schemas/error.js";
import { fieldErrorMessage } from "../../../lib/error-message";
import type { Client, ClientInput, ClientUpdate, GrantType, ResponseType, TokenEndpointAuthMethod } from "../api/client-types";

export interface ClientFormValues {
  client_name: string;
  /** One URI per line. */
  redirect_uris: string;
  post_logout_redirect_uris: string;
  grant_types: GrantType[];
  response_types: ResponseType[];
  /** Scopes separated by spaces or new lines. */
  scope: string;
  audience: string;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  skip_consent: boolean;
  client_uri: string;
  logo_uri: string;
  contacts: string;
  owner: string;
}

export type ClientField = keyof ClientFormValues;

// Records over the server's unions: adding a value on the server without a
// label here fails the typecheck. Labels are catalog keys, except response
// types, which are OAuth2's own words.
export const grantTypeLabels = {
  authorization_code: "clients.form.grantTypeLabels.authorization_code",
  refresh_token: "clients.form.grantTypeLabels.refresh_token",
  client_credentials: "clients.form.grantTypeLabels.client_credentials",
  implicit: "clients.form.grantTypeLabels.implicit",
} as const satisfies Record<GrantType, string>;

export const responseTypeLabels: Record<ResponseType, string> = {
  code: "code",
  id_token: "id_token",
  token: "token",
  "code id_token": "code id_token",
  "token id_token": "token id_token",
  "token id_token code": "token id_token code",
};

export const authMethodLabels = {
  client_secret_basic: "clients.form.authMethodLabels.client_secret_basic",
  client_secret_post: "clients.form.authMethodLabels.client_secret_post",
  none: "clients.form.authMethodLabels.none",
} as const satisfies Record<TokenEndpointAuthMethod, string>;

const isGrantType = (value: string): value is GrantType => Object.hasOwn(grantTypeLabels, value);
const isResponseType = (value: string): value is ResponseType => Object.hasOwn(responseTypeLabels, value);
const isAuthMethod = (value: string): value is TokenEndpointAuthMethod => Object.hasOwn(authMethodLabels, value);

/** A new client: a web application that signs users in and stays signed in. */
export const newClientValues: ClientFormValues = {
  client_name: "",
  redirect_uris: "",
  post_logout_redirect_uris: "",
  grant_types: ["authorization_code", "refresh_token"],
  response_types: ["code"],
  scope: "openid offline_access",
  audience: "",
  token_endpoint_auth_method: "client_secret_basic",
  skip_consent: false,
  client_uri: "",
  logo_uri: "",
  contacts: "",
  owner: "",
};

const lines = (values: string[]) => values.join("\n");

/** The form as it opens for an existing client. */
export function formValuesOf(client: Client): ClientFormValues {
  return {
    client_name: client.client_name,
    redirect_uris: lines(client.redirect_uris),
    post_logout_redirect_uris: lines(client.post_logout_redirect_uris),
    // Values this page cannot set (another grant, private_key_jwt) are left out
    // of the form; the update only sends fields that the admin changed, so
    // the stored values stay unless the admin changes that field.
    grant_types: client.grant_types.filter(isGrantType),
    response_types: client.response_types.filter(isResponseType),
    scope: client.scope,
    audience: lines(client.audience),
    token_endpoint_auth_method: isAuthMethod(client.token_endpoint_auth_method) ? client.token_endpoint_auth_method : "client_secret_basic",
    skip_consent: client.skip_consent,
    client_uri: client.client_uri,
    logo_uri: client.logo_uri,
    contacts: lines(client.contacts),
    owner: client.owner,
  };
}

/** One value per non-blank line, trimmed. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** What POST /api/clients takes for these values. */
export function toClientInput(values: ClientFormValues): ClientInput {
  return {
    client_name: values.client_name.trim(),
    redirect_uris: splitLines(values.redirect_uris),
    post_logout_redirect_uris: splitLines(values.post_logout_redirect_uris),
    grant_types: values.grant_types,
    response_types: values.response_types,
    scope: values.scope.split(/\s+/).filter(Boolean).join(" "),
    audience: splitLines(values.audience),
    token_endpoint_auth_method: values.token_endpoint_auth_method,
    skip_consent: values.skip_consent,
    client_uri: values.client_uri.trim(),
    logo_uri: values.logo_uri.trim(),
    contacts: splitLines(values.contacts),
    owner: values.owner.trim(),
  };
}

/** The fields of PUT /api/clients/:id that differ from how the form opened; empty when nothing changed. */
export function toClientUpdate(initial: ClientFormValues, values: ClientFormValues): ClientUpdate {
  const before = toClientInput(initial);
  const after = toClientInput(values);
  const update: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ClientInput)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) update[key] = after[key];
  }
  return update;
}

const formFields = new Set<string>(Object.keys(newClientValues));

export interface FormProblems {
  /** Messages per form field. */
  fields: Partial<Record<ClientField, string>>;
  /** Messages that name no field of the form (e.g. Hydra refusing the client as a whole). */
  general: string[];
}

/** The server's field errors, each at the field it names. */
export function problemsOf(errors: FieldError[]): FormProblems {
  const fields: Partial<Record<ClientField, string>> = {};
  const general: string[] = [];
  for (const error of errors) {
    const message = fieldErrorMessage(error);
    if (formFields.has(error.field)) {
      const key = error.field as ClientField;
      fields[key] = fields[key] ? `${fields[key]} ${message}` : message;
    } else {
      general.push(message);
    }
  }
  return { fields, general };
}
