// /api/invitations: Manage Users' invitations, for admins only: registered in
// the admin scope (admin.ts), whose hooks hold the access rules. Inviting and
// resending count against the admin's invitation limit (each makes or changes
// an identity and sends a mail), revoking against their limit of changes;
// services/invitations.ts holds the rest and writes the audit trail. A list
// (CSV) is checked here first (which addresses have an account), then sent by
// the page one invitation at a time through POST /, so that each row meets the
// same limits, audit and refusals as one invitation.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { errorResponses } from "#contract/schemas/error.js";
import {
  InvitationBody,
  InvitationCheck,
  InvitationCheckBody,
  InvitationList,
  InvitationParams,
  InvitationSent,
  type InvitationBody as InvitationInput,
} from "#contract/schemas/invitations.js";
import { emailOf } from "../../kratos/identities.js";
import { sessionOf } from "../../plugins/guards.js";
import { nameOf, type Inviter } from "../../services/invitations.js";
import { bodyLimits } from "./body-limits.js";

const invitationsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const invitations = fastify.invitations;
  const sends = { preHandler: fastify.limits.account("invitation") };

  const inviterOf = (request: FastifyRequest): Inviter => {
    const { identity } = sessionOf(request);
    return { id: identity.id, email: emailOf(identity), ip: request.ip, name: nameOf(identity), schemaId: identity.schema_id };
  };

  fastify.get("/", { schema: { response: { 200: InvitationList, ...errorResponses } } }, async () => ({
    items: await invitations.pending(),
  }));

  fastify.post(
    "/",
    { ...sends, bodyLimit: bodyLimits.invitation, schema: { body: InvitationBody, response: { 201: InvitationSent, ...errorResponses } } },
    // The type provider reads the enum fields as unknown; the schema has checked them.
    async (request, reply) => reply.code(201).send(await invitations.invite(inviterOf(request), request.body as InvitationInput)),
  );

  // A list's preview: which addresses already have an account, so that the page says so before anything is sent.
  // It sends nothing; one list's look-ups count once against the admin's limit of changes.
  fastify.post(
    "/check",
    {
      preHandler: fastify.limits.account("adminAction"),
      bodyLimit: bodyLimits.invitationCheck,
      schema: { body: InvitationCheckBody, response: { 200: InvitationCheck, ...errorResponses } },
    },
    async (request) => ({ accounts: await invitations.accountsAmong(request.body.emails) }),
  );

  fastify.post(
    "/:id/resend",
    { ...sends, schema: { params: InvitationParams, response: { 200: InvitationSent, ...errorResponses } } },
    async (request) => invitations.resend(inviterOf(request), request.params.id),
  );

  fastify.delete(
    "/:id",
    {
      preHandler: fastify.limits.account("adminAction"),
      schema: { params: InvitationParams, response: { 204: { type: "null" }, ...errorResponses } },
    },
    async (request, reply) => {
      await invitations.revoke(inviterOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default invitationsRoutes;
