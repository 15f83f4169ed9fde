// Manage Clients and Manage Users (with its invitations): one scope whose access rules every route in
// it has, declared once. Same-origin JSON only, an admin's session (with a
// second factor when ADMIN_REQUIRE_AAL2), and no answer cached: client lists
// and secrets, people's addresses and recovery codes.
import type { FastifyPluginAsync } from "fastify";
import type { PortalConfig } from "../../config.js";
import clientsRoutes from "./clients/index.js";
import invitationsRoutes from "./invitations.js";
import usersRoutes from "./users.js";

const adminRoutes: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  fastify.addHook("onRequest", fastify.guards.sameOriginJson);
  fastify.addHook("onRequest", fastify.guards.role("admin"));
  if (config.adminRequireAal2) fastify.addHook("onRequest", fastify.guards.secondFactor);
  fastify.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  await fastify.register(clientsRoutes, { prefix: "/clients" });
  await fastify.register(usersRoutes, { prefix: "/users" });
  await fastify.register(invitationsRoutes, { prefix: "/invitations" });
};

export default adminRoutes;
