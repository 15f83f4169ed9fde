// Kratos' services, configured once for the whole server.
import { FrontendApi, IdentityApi } from "@ory/client";
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";
import type { PortalMetrics } from "../metrics.js";
import { kratosFlows, type KratosFlows } from "../kratos/flows.js";
import { kratosIdentities, type KratosIdentities } from "../kratos/identities.js";
import { kratosSessions, type KratosSessions } from "../kratos/sessions.js";
import { sdkApi } from "../upstream/call.js";

export interface KratosServices {
  sessions: KratosSessions;
  flows: KratosFlows;
  /** Kratos' admin API: never reachable from the browser. */
  identities: KratosIdentities;
}

declare module "fastify" {
  interface FastifyInstance {
    kratos: KratosServices;
  }
}

function kratosServices(config: PortalConfig, metrics: PortalMetrics): KratosServices {
  const frontend = sdkApi(FrontendApi, config, config.kratosPublicUrl, () => metrics.upstreamTimer("kratos"));
  const admin = sdkApi(IdentityApi, config, config.kratosAdminUrl, () => metrics.upstreamTimer("kratos"));
  return {
    sessions: kratosSessions(frontend),
    flows: kratosFlows(frontend, (kind) => {
      metrics.flowsStarted.inc({ flow: kind });
    }),
    identities: kratosIdentities(admin),
  };
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("kratos", kratosServices(config, fastify.metrics));
  },
  { name: "kratos", dependencies: ["metrics"] },
);
