// Kratos' services, configured once for the whole server.
import { FrontendApi, IdentityApi } from "@ory/client";
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";
import type { PortalMetrics } from "../metrics.js";
import { kratosFlows, type KratosFlows } from "../services/kratos-flows.js";
import { kratosIdentities, type KratosIdentities } from "../services/kratos-identities.js";
import { kratosSchemas, type KratosSchemas } from "../services/kratos-schemas.js";
import { kratosSessions, type KratosSessions } from "../services/kratos-sessions.js";
import { sdkApi } from "../services/upstream-call.js";

export interface KratosServices {
  sessions: KratosSessions;
  flows: KratosFlows;
  /** Kratos' admin API: never reachable from the browser. */
  identities: KratosIdentities;
  /** The identity schemas' traits, for the forms. */
  schemas: KratosSchemas;
}

declare module "fastify" {
  interface FastifyInstance {
    kratos: KratosServices;
  }
}

function kratosServices(config: PortalConfig, metrics: PortalMetrics): KratosServices {
  const frontend = sdkApi(FrontendApi, config, config.kratosPublicUrl, () => metrics.upstreamTimer("kratos"));
  const admin = sdkApi(IdentityApi, config, config.kratosAdminUrl, () => metrics.upstreamTimer("kratos"));
  // Kratos serves the identity schemas on its public API (its admin API redirects there).
  const schemas = sdkApi(IdentityApi, config, config.kratosPublicUrl, () => metrics.upstreamTimer("kratos"));
  return {
    sessions: kratosSessions(frontend),
    flows: kratosFlows(frontend, (kind) => {
      metrics.flowsStarted.inc({ flow: kind });
    }),
    identities: kratosIdentities(admin),
    schemas: kratosSchemas(schemas),
  };
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("kratos", kratosServices(config, fastify.metrics));
  },
  { name: "kratos", dependencies: ["metrics"] },
);
