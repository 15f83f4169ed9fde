// Hydra's services on the SDK, built once, by plugins/hydra.ts, for the whole server.
// Only the server talks to Hydra's admin API; the browser never sees its address.
import { OAuth2Api } from "@ory/client";
import type { PortalConfig } from "../config.js";
import type { PortalMetrics } from "../metrics.js";
import { hydraChallenges, type HydraChallenges } from "./challenges.js";
import { hydraClients, type HydraClients } from "./clients.js";
import { hydraConsentSessions, type HydraConsentSessions } from "./consent-sessions.js";
import { hydraLoginSessions, type HydraLoginSessions } from "./login-sessions.js";
import { sdkApi } from "../upstream/call.js";

export interface HydraServices {
  clients: HydraClients;
  challenges: HydraChallenges;
  consentSessions: HydraConsentSessions;
  loginSessions: HydraLoginSessions;
}

export function hydraServices(config: PortalConfig, metrics: PortalMetrics): HydraServices {
  const adminApi = sdkApi(OAuth2Api, config, config.hydraAdminUrl, () => metrics.upstreamTimer("hydra"));
  return {
    clients: hydraClients(adminApi),
    challenges: hydraChallenges(adminApi),
    consentSessions: hydraConsentSessions(adminApi),
    loginSessions: hydraLoginSessions(adminApi),
  };
}
