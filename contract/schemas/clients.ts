// /api/clients: the OAuth2 clients (Hydra) that admins manage. Only the fields
// the Manage Clients page needs go out; a secret goes out once, when made.
import { Type, type Static } from "@sinclair/typebox";
import { Input, QueryInteger } from "./input.js";

// Hydra v2.3.0's discovery document (oauth2/handler.go) lists these; it has no
// device authorization grant yet.
export const grantTypes = ["authorization_code", "refresh_token", "client_credentials", "implicit"] as const;
export const responseTypes = ["code", "id_token", "token", "code id_token", "token id_token", "token id_token code"] as const;
// Hydra also knows private_key_jwt, which needs a JSON Web Key Set that this
// page does not manage. `none` is a public client (no secret; PKCE enforced).
export const tokenEndpointAuthMethods = ["client_secret_basic", "client_secret_post", "none"] as const;

/** A string from a fixed list, as one JSON Schema enum: one clear error naming the allowed values. */
const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] });

const scopeToken = "[\\x21\\x23-\\x5B\\x5D-\\x7E]+";
export const scopePattern = `^(${scopeToken}( ${scopeToken})*)?$`;

const Uri = Type.String({ minLength: 1, maxLength: 2048 });
const Text = (maxLength: number) => Type.String({ maxLength });

export const Client = Type.Object({
  client_id: Type.String(),
  client_name: Type.String(),
  grant_types: Type.Array(Type.String()),
  response_types: Type.Array(Type.String()),
  scope: Type.String(),
  audience: Type.Array(Type.String()),
  redirect_uris: Type.Array(Type.String()),
  post_logout_redirect_uris: Type.Array(Type.String()),
  token_endpoint_auth_method: Type.String(),
  skip_consent: Type.Boolean(),
  client_uri: Type.String(),
  logo_uri: Type.String(),
  contacts: Type.Array(Type.String()),
  owner: Type.String(),
  created_at: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Union([Type.String(), Type.Null()]),
});
export type Client = Static<typeof Client>;

/** A client with its secret: only in the answers to create and rotate. */
export const ClientWithSecret = Type.Composite([
  Client,
  // null for a public client (token_endpoint_auth_method none).
  Type.Object({ client_secret: Type.Union([Type.String(), Type.Null()]) }),
]);
export type ClientWithSecret = Static<typeof ClientWithSecret>;

/** What an admin may set. Everything else (secret, id, keys) is dropped before Hydra sees it. */
export const ClientInput = Input({
  client_name: Type.String({ minLength: 1, maxLength: 200 }),
  grant_types: Type.Array(StringEnum(grantTypes), {
    minItems: 1,
    uniqueItems: true,
  }),
  response_types: Type.Optional(Type.Array(StringEnum(responseTypes), { uniqueItems: true })),
  // RFC 6749 scope tokens, one space apart.
  scope: Type.Optional(Type.String({ maxLength: 2000, pattern: scopePattern })),
  audience: Type.Optional(Type.Array(Uri, { maxItems: 50 })),
  redirect_uris: Type.Optional(Type.Array(Uri, { maxItems: 50 })),
  post_logout_redirect_uris: Type.Optional(Type.Array(Uri, { maxItems: 50 })),
  token_endpoint_auth_method: Type.Optional(StringEnum(tokenEndpointAuthMethods)),
  skip_consent: Type.Optional(Type.Boolean()),
  client_uri: Type.Optional(Text(2048)),
  logo_uri: Type.Optional(Text(2048)),
  contacts: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 320 }), { maxItems: 20 })),
  owner: Type.Optional(Text(200)),
});
export type ClientInput = Static<typeof ClientInput>;

/** An update names only what changes; the rest is kept from the current client. */
export const ClientUpdate = Type.Partial(ClientInput, { minProperties: 1, additionalProperties: false });
export type ClientUpdate = Static<typeof ClientUpdate>;

/**
 * A client id as it goes into the path of Hydra's admin API: Hydra makes
 * UUIDs; no slash, no leading dot, so that an id such as "../../admin/clients"
 * (decoded from %2F) can never name another admin endpoint.
 */
export const ClientId = Type.String({ minLength: 1, maxLength: 255, pattern: "^[A-Za-z0-9][A-Za-z0-9._~-]*$" });

export const ClientParams = Input({ id: ClientId });

/** The most clients a page may ask for (page_size); without page_size, boot.ts' clientsPageSize. */
export const maxClientPageSize = 500;

export const ClientListQuery = Input({
  page_size: Type.Optional(QueryInteger),
  page_token: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  /** Part of a client's name, any case. Hydra itself only filters by exact name. */
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ClientListQuery = Static<typeof ClientListQuery>;

export const ClientList = Type.Object({
  items: Type.Array(Client),
  /** Pass as page_token for the next page; null when there is none. */
  next_page_token: Type.Union([Type.String(), Type.Null()]),
});
export type ClientList = Static<typeof ClientList>;

export const RotatedSecret = Type.Object({ client_id: Type.String(), client_secret: Type.String() });
