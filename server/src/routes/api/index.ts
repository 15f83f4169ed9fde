// Everything under /api: JSON only, including the answer for unknown paths.
import type { FastifyPluginAsync } from "fastify";
import type { PortalConfig } from "../../config.js";
import { ClientError } from "../../errors.js";
import { errorResponses } from "#contract/schemas/error.js";
import accountRoutes from "./account.js";
import adminRoutes from "./admin.js";
import { bodyLimits } from "./body-limits.js";
import identitySchemaRoutes from "./identity-schemas.js";
import invitationRoutes from "./invitation.js";
import oauth2Routes from "./oauth2/index.js";
import proofOfWorkRoutes from "./proof-of-work.js";
import sessionRoutes from "./session.js";
import undoRoutes from "./undo.js";

const apiRoutes: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  // Every route says how much body it reads: a route with a body schema names
  // its limit, every other one reads no more than a stray `{}`.
  fastify.addHook("onRoute", (route) => {
    if (route.bodyLimit !== undefined) return;
    if (route.schema?.body) throw new Error(`${String(route.method)} ${route.url} takes a body but sets no bodyLimit`);
    route.bodyLimit = bodyLimits.none;
  });
  await fastify.register(sessionRoutes, { termsVersion: config.terms?.version });
  await fastify.register(identitySchemaRoutes);
  await fastify.register(accountRoutes, { prefix: "/account", config });
  await fastify.register(adminRoutes, { config });
  await fastify.register(oauth2Routes, { prefix: "/oauth2" });
  await fastify.register(invitationRoutes, { prefix: "/invitation" });
  await fastify.register(undoRoutes, { prefix: "/undo" });
  await fastify.register(proofOfWorkRoutes);
  // A route of its own, more specific than the SPA's /*, so that an unknown
  // /api path is never answered with index.html.
  fastify.all("/*", { schema: { response: errorResponses } }, async () => {
    throw new ClientError(404, "not_found");
  });
};

export default apiRoutes;
