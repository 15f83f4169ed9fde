// /api/clients: OAuth2 clients in Hydra, for admins only: registered in the
// admin scope (../admin.ts), whose hooks hold the access rules, so every route
// here carries them.
import { randomBytes } from "node:crypto";
import type { OAuth2Client } from "@ory/client";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { FieldErrors } from "../../../errors.js";
import {
  ClientInput,
  ClientList,
  ClientListQuery,
  maxClientPageSize,
  ClientParams,
  ClientUpdate,
  ClientWithSecret,
  Client,
  RotatedSecret,
  type Client as ClientBody,
  type ClientInput as ClientInputBody,
  type ClientUpdate as ClientUpdateBody,
} from "#contract/schemas/clients.js";
import { errorResponses, type FieldError } from "#contract/schemas/error.js";
import { clientsPageSize } from "#contract/boot.js";
import { bodyLimits } from "../body-limits.js";
import { queryInteger } from "../query.js";
import { clientProblems } from "./client-rules.js";

/** Only the fields the Manage Clients page needs: never a secret, a key or Hydra's internals. */
function toClient(client: OAuth2Client): ClientBody {
  return {
    client_id: client.client_id ?? "",
    client_name: client.client_name ?? "",
    grant_types: client.grant_types ?? [],
    response_types: client.response_types ?? [],
    scope: client.scope ?? "",
    audience: client.audience ?? [],
    redirect_uris: client.redirect_uris ?? [],
    post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
    token_endpoint_auth_method: client.token_endpoint_auth_method ?? "client_secret_basic",
    skip_consent: client.skip_consent ?? false,
    client_uri: client.client_uri ?? "",
    logo_uri: client.logo_uri ?? "",
    contacts: client.contacts ?? [],
    owner: client.owner ?? "",
    created_at: client.created_at ?? null,
    updated_at: client.updated_at ?? null,
  };
}

function check(client: Partial<ClientInputBody>): void {
  const [first, ...rest] = clientProblems(client) as [FieldError?, ...FieldError[]];
  if (first) throw new FieldErrors([first, ...rest]);
}

const clientsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const clients = fastify.hydra.clients;

  fastify.get("/", { schema: { querystring: ClientListQuery, response: { 200: ClientList, ...errorResponses } } }, async (request) => {
    const { page_size: size, page_token: pageToken, search } = request.query;
    const pageSize = queryInteger(size, "page_size", { fallback: clientsPageSize, maximum: maxClientPageSize });
    const page = await clients.page(pageSize, pageToken, search);
    return { items: page.items.map(toClient), next_page_token: page.nextPageToken ?? null };
  });

  fastify.get("/:id", { schema: { params: ClientParams, response: { 200: Client, ...errorResponses } } }, async (request) =>
    toClient(await clients.get(request.params.id)),
  );

  fastify.post(
    "/",
    {
      bodyLimit: bodyLimits.client,
      schema: { body: ClientInput, response: { 201: ClientWithSecret, ...errorResponses } },
    },
    async (request, reply) => {
      // The type provider reads the enum fields as unknown; the schema has checked them.
      const input = request.body as ClientInputBody;
      check(input);
      const created = await clients.create(input);
      return reply.code(201).send({ ...toClient(created), client_secret: created.client_secret || null });
    },
  );

  fastify.put(
    "/:id",
    {
      bodyLimit: bodyLimits.client,
      schema: { params: ClientParams, body: ClientUpdate, response: { 200: Client, ...errorResponses } },
    },
    async (request) => {
      const { id } = request.params;
      // Hydra's PUT replaces the whole client and resets what it omits: send
      // the current client with the changes on top, without its secret (kept).
      const { client_secret: _kept, ...current } = await clients.get(id);
      const merged: OAuth2Client = { ...current, ...(request.body as ClientUpdateBody) };
      check(merged as ClientUpdateBody);
      return toClient(await clients.replace(id, merged));
    },
  );

  fastify.post(
    "/:id/secret",
    { schema: { params: ClientParams, response: { 200: RotatedSecret, ...errorResponses } } },
    async (request) => {
      const { id } = request.params;
      const current = await clients.get(id);
      if (current.token_endpoint_auth_method === "none") {
        throw new FieldErrors([{ field: "token_endpoint_auth_method", code: "public_client_secret" }]);
      }
      const secret = randomBytes(32).toString("base64url");
      await clients.setSecret(id, secret);
      return { client_id: id, client_secret: secret };
    },
  );

  fastify.delete(
    "/:id",
    { schema: { params: ClientParams, response: { 204: { type: "null" }, ...errorResponses } } },
    async (request, reply) => {
      await clients.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default clientsRoutes;
