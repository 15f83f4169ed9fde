// /api/account: the signed-in user's own account. Deleting it (after typing
// its email address, within Kratos' privileged session age, never the last
// admin), its recent security activity and its linked sign-in providers.
import { defaultLanguage } from "#contract/languages.js";
import { traitLanguage } from "../../language.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { PortalConfig } from "../../config.js";
import { ClientError, FieldErrors } from "../../errors.js";
import { rolesOf } from "#contract/roles.js";
import { sessionOf } from "../../plugins/guards.js";
import { AccountActivity, AccountDeletionBody, AccountProviders } from "#contract/schemas/account.js";
import { errorResponses } from "#contract/schemas/error.js";
import { providersOf } from "../../services/kratos-identities.js";
import { parseDevice } from "../../services/security-events.js";
import { bodyLimits } from "./body-limits.js";

const emailOf = (traits: unknown): string => {
  const email = (traits as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" ? email : "";
};

const accountRoutes: FastifyPluginAsyncTypebox<{ config: PortalConfig }> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.guards.session);

  fastify.delete(
    "/",
    {
      onRequest: [fastify.guards.sameOriginJson, fastify.guards.recentSignIn(config.privilegedSessionMaxAge)],
      preHandler: fastify.limits.account("accountDeletion"),
      bodyLimit: bodyLimits.confirmation,
      schema: { body: AccountDeletionBody, response: { 204: { type: "null" }, ...errorResponses } },
    },
    async (request, reply) => {
      const { identity } = sessionOf(request);
      const email = emailOf(identity.traits);
      if (email === "" || request.body.email.trim().toLowerCase() !== email.toLowerCase()) {
        throw new FieldErrors([{ field: "email", code: "not_account_email" }]);
      }
      if (rolesOf(identity.metadata_public).includes("admin") && !(await fastify.kratos.identities.anotherHasRole(identity.id, "admin"))) {
        throw new ClientError(409, "last_admin");
      }
      await fastify.accountDeletion.delete(identity.id, email, traitLanguage(identity.traits) ?? defaultLanguage);
      return reply.code(204).send(null);
    },
  );

  fastify.get("/activity", { schema: { response: { 200: AccountActivity, ...errorResponses } } }, async (request, reply) => {
    const account = sessionOf(request).identity.id;
    const [events, devices] = await Promise.all([fastify.state.activity.list(account), fastify.state.devices.list(account)]);
    return reply.header("cache-control", "no-store").send({ events, devices: devices.map(parseDevice) });
  });

  // Kratos' settings flow offers Unlink only while another way to sign in remains, and names no provider
  // otherwise: the card learns here which providers are linked at all.
  fastify.get("/providers", { schema: { response: { 200: AccountProviders, ...errorResponses } } }, async (request, reply) => {
    const identity = await fastify.kratos.identities.getWithFactors(sessionOf(request).identity.id);
    return reply.header("cache-control", "no-store").send({ providers: identity ? providersOf(identity) : [] });
  });
};

export default accountRoutes;
