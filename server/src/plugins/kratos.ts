// The Kratos SDK clients, configured once for the whole server.
import { Configuration, FrontendApi } from "@ory/client";
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";

export interface KratosClients {
  frontend: FrontendApi;
}

declare module "fastify" {
  interface FastifyInstance {
    kratos: KratosClients;
  }
}

export function kratosClients(config: PortalConfig): KratosClients {
  const publicApi = new Configuration({
    basePath: config.kratosPublicUrl,
    baseOptions: { timeout: config.upstreamTimeoutMs },
  });
  return { frontend: new FrontendApi(publicApi) };
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("kratos", kratosClients(config));
  },
  { name: "kratos" },
);
