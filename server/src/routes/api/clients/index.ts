// /api/clients: OAuth2 clients in Hydra, for admins only. The access rules are
// hooks of this plugin scope, so every route registered here carries them:
// same-origin JSON for mutations (CSRF), then a session with the admin role.
import { randomBytes } from "node:crypto";
import type { OAuth2Client } from "@ory/client";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { PortalConfig } from "../../../config.js";
import { clientProblems, nextPageToken, toClient } from "../../../hydra/clients.js";
import { hydraFailure, hydraUnavailableMessage } from "../../../hydra/errors.js";
import { FieldErrors } from "../../../plugins/error-handler.js";
import { requireRole, requireSameOriginJson } from "../../../plugins/guards.js";
import {
  ClientInput,
  ClientList,
  ClientListQuery,
  ClientParams,
  ClientUpdate,
  ClientWithSecret,
  Client,
  RotatedSecret,
  ValidationErrorBody,
  guardResponses,
  type Client as ClientBody,
  type ClientInput as ClientInputBody,
  type ClientUpdate as ClientUpdateBody,
} from "../../../schemas/clients.js";
import { ErrorBody } from "../../../schemas/error.js";
import { loggableFailure } from "../../../upstream-errors.js";

/** Answers a failed Hydra call; a 400 Hydra still finds is given at the field it names. */
function replyHydraFailure(log: FastifyBaseLogger, reply: FastifyReply, error: unknown, clientId?: string): FastifyReply {
  const failure = hydraFailure(error);
  if (failure.status === 404 && clientId !== undefined) {
    return reply.code(404).send({ message: `No OAuth2 client has the id ${clientId}.` });
  }
  if (failure.status === 400) {
    const field = failure.error === "invalid_redirect_uri" ? "redirect_uris" : "client";
    const message = failure.description ?? "Hydra refused this client.";
    return reply.code(400).send({ message, errors: [{ field, message }] });
  }
  log.warn({ hydra: loggableFailure(error) }, "Hydra admin call failed");
  if (failure.status === undefined || failure.status >= 500) {
    return reply.code(503).send({ message: hydraUnavailableMessage });
  }
  return reply.code(502).send({ message: "The OAuth2 service (Hydra) gave an unexpected answer." });
}

/** Hydra's own page size when it filters nothing: search scans pages this big. */
const searchPageSize = 200;
/** A search stops after this many of Hydra's pages and hands back a token to go on. */
const searchPageLimit = 25;

const clientsRoutes: FastifyPluginAsyncTypebox<{ config: PortalConfig }> = async (fastify, { config }) => {
  fastify.addHook("onRequest", requireSameOriginJson(config.origin));
  fastify.addHook("onRequest", requireRole("admin"));
  fastify.addHook("onSend", async (_request, reply) => {
    // Client lists and secrets are never cached.
    reply.header("cache-control", "no-store");
  });
  const hydra = fastify.hydra.oauth2;
  const upstream = { 502: ErrorBody, 503: ErrorBody };

  fastify.get(
    "/",
    { schema: { querystring: ClientListQuery, response: { 200: ClientList, 400: ValidationErrorBody, ...guardResponses, ...upstream } } },
    async (request, reply) => {
      const { page_size: pageSize, page_token: firstToken, search } = request.query;
      const needle = search?.trim().toLowerCase();
      const items: ClientBody[] = [];
      let token = firstToken;
      let pages = 0;
      try {
        // Hydra filters by exact client_name only; a search by part of a name pages through here.
        for (;;) {
          const size = needle ? Math.max(pageSize, searchPageSize) : pageSize;
          const { data, headers } = await hydra.listOAuth2Clients({ pageSize: size, pageToken: token });
          pages += 1;
          const page = data.map(toClient);
          items.push(...(needle ? page.filter((client) => client.client_name.toLowerCase().includes(needle)) : page));
          // Hydra links a next page even after the last one; that page is empty.
          token = page.length < size ? undefined : nextPageToken(headers.link as string | undefined);
          if (!token || !needle || items.length >= pageSize || pages >= searchPageLimit) break;
        }
      } catch (error) {
        return replyHydraFailure(request.log, reply, error);
      }
      return { items, next_page_token: token ?? null };
    },
  );

  fastify.get(
    "/:id",
    { schema: { params: ClientParams, response: { 200: Client, 404: ErrorBody, ...guardResponses, ...upstream } } },
    async (request, reply) => {
      try {
        const { data } = await hydra.getOAuth2Client({ id: request.params.id });
        return toClient(data);
      } catch (error) {
        return replyHydraFailure(request.log, reply, error, request.params.id);
      }
    },
  );

  fastify.post(
    "/",
    { schema: { body: ClientInput, response: { 201: ClientWithSecret, 400: ValidationErrorBody, ...guardResponses, ...upstream } } },
    async (request, reply) => {
      // The type provider reads the enum fields as unknown; the schema has checked them.
      const input = request.body as ClientInputBody;
      const problems = clientProblems(input);
      if (problems.length > 0) throw new FieldErrors(problems);
      try {
        // Hydra generates the secret and shows it in this answer only.
        const { data } = await hydra.createOAuth2Client({ oAuth2Client: input });
        return reply.code(201).send({ ...toClient(data), client_secret: data.client_secret || null });
      } catch (error) {
        return replyHydraFailure(request.log, reply, error);
      }
    },
  );

  fastify.put(
    "/:id",
    {
      schema: {
        params: ClientParams,
        body: ClientUpdate,
        response: { 200: Client, 400: ValidationErrorBody, 404: ErrorBody, ...guardResponses, ...upstream },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let current: OAuth2Client;
      try {
        ({ data: current } = await hydra.getOAuth2Client({ id }));
      } catch (error) {
        return replyHydraFailure(request.log, reply, error, id);
      }
      // Hydra's PUT replaces the whole client and resets what it omits: send
      // the current client with the changes on top. Without client_secret,
      // Hydra keeps the stored one (client/handler.go, updateClient).
      const { client_secret: _unknown, ...kept } = current;
      const merged: OAuth2Client = { ...kept, ...(request.body as ClientUpdateBody) };
      const problems = clientProblems(merged as ClientUpdateBody);
      if (problems.length > 0) throw new FieldErrors(problems);
      try {
        const { data } = await hydra.setOAuth2Client({ id, oAuth2Client: merged });
        return toClient(data);
      } catch (error) {
        return replyHydraFailure(request.log, reply, error, id);
      }
    },
  );

  fastify.post(
    "/:id/secret",
    {
      schema: {
        params: ClientParams,
        response: { 200: RotatedSecret, 400: ValidationErrorBody, 404: ErrorBody, ...guardResponses, ...upstream },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        const { data: current } = await hydra.getOAuth2Client({ id });
        if (current.token_endpoint_auth_method === "none") {
          throw new FieldErrors([{ field: "token_endpoint_auth_method", message: "a public client has no secret to rotate" }]);
        }
        const secret = randomBytes(32).toString("base64url");
        // Hydra stores only the secret's hash: the old one stops working at once.
        await hydra.patchOAuth2Client({ id, jsonPatch: [{ op: "replace", path: "/client_secret", value: secret }] });
        return { client_id: id, client_secret: secret };
      } catch (error) {
        if (error instanceof FieldErrors) throw error;
        return replyHydraFailure(request.log, reply, error, id);
      }
    },
  );

  fastify.delete(
    "/:id",
    { schema: { params: ClientParams, response: { 204: { type: "null" }, 404: ErrorBody, ...guardResponses, ...upstream } } },
    async (request, reply) => {
      try {
        await hydra.deleteOAuth2Client({ id: request.params.id });
        return reply.code(204).send(null);
      } catch (error) {
        return replyHydraFailure(request.log, reply, error, request.params.id);
      }
    },
  );
};

export default clientsRoutes;
