// GET /config.json: the SPA's runtime configuration (spec §7).
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { PortalConfig } from "../config.js";

export const RuntimeConfig = Type.Object({ KRATOS_PUBLIC_URL: Type.String() });

const runtimeConfigRoute: FastifyPluginAsyncTypebox<{ config: PortalConfig }> = async (fastify, { config }) => {
  const body = { KRATOS_PUBLIC_URL: `${config.origin}/kratos` };
  fastify.get("/config.json", { schema: { response: { 200: RuntimeConfig } } }, async (_request, reply) =>
    reply.header("cache-control", "no-cache").send(body),
  );
};

export default runtimeConfigRoute;
