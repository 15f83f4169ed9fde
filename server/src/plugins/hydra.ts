// Hydra's services, configured once for the whole server. Only the server
// talks to Hydra's admin API; the browser never sees its address.
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";
import { hydraServices, type HydraServices } from "../hydra/services.js";

declare module "fastify" {
  interface FastifyInstance {
    hydra: HydraServices;
  }
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("hydra", hydraServices(config, fastify.metrics));
  },
  { name: "hydra", dependencies: ["metrics"] },
);
