// The /api/clients shapes, from the server's schemas (types only: nothing of
// the server is bundled into the app).
import type { Static } from "@sinclair/typebox";
import type {
  Client,
  ClientInput,
  ClientList,
  ClientUpdate,
  ClientWithSecret,
  RotatedSecret as RotatedSecretSchema,
  grantTypes,
  responseTypes,
  tokenEndpointAuthMethods,
} from "#contract/schemas/clients.js";

export type { Client, ClientInput, ClientList, ClientUpdate, ClientWithSecret };
export type RotatedSecret = Static<typeof RotatedSecretSchema>;
export type GrantType = (typeof grantTypes)[number];
export type ResponseType = (typeof responseTypes)[number];
export type TokenEndpointAuthMethod = (typeof tokenEndpointAuthMethods)[number];

export const clientsPath = "/api/clients";

/** Every query of this feature starts with this key, so a change invalidates them all. */
export const clientsKey = ["api", "clients"] as const;

export const clientPath = (id: string) => `${clientsPath}/${encodeURIComponent(id)}`;
