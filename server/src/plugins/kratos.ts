// Kratos' services, configured once for the whole server.
import { Configuration, FrontendApi } from "@ory/client";
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";
import { kratosSessions, type KratosSessions } from "../services/kratos-sessions.js";

export interface KratosServices {
  sessions: KratosSessions;
}

declare module "fastify" {
  interface FastifyInstance {
    kratos: KratosServices;
  }
}

function kratosServices(config: PortalConfig): KratosServices {
  const publicApi = new Configuration({
    basePath: config.kratosPublicUrl,
    baseOptions: { timeout: config.upstreamTimeoutMs },
  });
  return { sessions: kratosSessions(new FrontendApi(publicApi)) };
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("kratos", kratosServices(config));
  },
  { name: "kratos" },
);
