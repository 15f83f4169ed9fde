// Kratos' services, configured once for the whole server (kratos/services.ts) and
// reached as `fastify.kratos`.
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";
import { kratosServices, type KratosServices } from "../kratos/services.js";

declare module "fastify" {
  interface FastifyInstance {
    kratos: KratosServices;
  }
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("kratos", kratosServices(config, fastify.metrics));
  },
  { name: "kratos", dependencies: ["metrics"] },
);
