// Hydra's admin SDK client, configured once for the whole server. Only the
// server talks to Hydra's admin API; the browser never sees its address.
import { Configuration, OAuth2Api } from "@ory/client";
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";

export interface HydraClients {
  oauth2: OAuth2Api;
}

declare module "fastify" {
  interface FastifyInstance {
    hydra: HydraClients;
  }
}

export function hydraClients(config: PortalConfig): HydraClients {
  const adminApi = new Configuration({
    basePath: config.hydraAdminUrl,
    baseOptions: { timeout: config.upstreamTimeoutMs },
  });
  return { oauth2: new OAuth2Api(adminApi) };
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("hydra", hydraClients(config));
  },
  { name: "hydra" },
);
