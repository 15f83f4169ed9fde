// Hydra's services, configured once for the whole server. Only the server
// talks to Hydra's admin API; the browser never sees its address.
import { OAuth2Api } from "@ory/client";
import fp from "fastify-plugin";
import type { PortalConfig } from "../config.js";
import type { PortalMetrics } from "../metrics.js";
import { hydraChallenges, type HydraChallenges } from "../hydra/challenges.js";
import { hydraClients, type HydraClients } from "../hydra/clients.js";
import { hydraConsentSessions, type HydraConsentSessions } from "../hydra/consent-sessions.js";
import { hydraLoginSessions, type HydraLoginSessions } from "../hydra/login-sessions.js";
import { sdkApi } from "../upstream/call.js";

export interface HydraServices {
  clients: HydraClients;
  challenges: HydraChallenges;
  consentSessions: HydraConsentSessions;
  loginSessions: HydraLoginSessions;
}

declare module "fastify" {
  interface FastifyInstance {
    hydra: HydraServices;
  }
}

function hydraServices(config: PortalConfig, metrics: PortalMetrics): HydraServices {
  const adminApi = sdkApi(OAuth2Api, config, config.hydraAdminUrl, () => metrics.upstreamTimer("hydra"));
  return {
    clients: hydraClients(adminApi),
    challenges: hydraChallenges(adminApi),
    consentSessions: hydraConsentSessions(adminApi),
    loginSessions: hydraLoginSessions(adminApi),
  };
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    fastify.decorate("hydra", hydraServices(config, fastify.metrics));
  },
  { name: "hydra", dependencies: ["metrics"] },
);
