// Kratos' services on the SDK: built once, by plugins/kratos.ts, for the whole server.
import { FrontendApi, IdentityApi } from "@ory/client";
import type { PortalConfig } from "../config.js";
import type { PortalMetrics } from "../metrics.js";
import { kratosAccountUndo, type KratosAccountUndo } from "./account-undo.js";
import { kratosFlows, type KratosFlows } from "./flows.js";
import { kratosIdentities, type KratosIdentities } from "./identities.js";
import { kratosInvitees, type KratosInvitees } from "./invitees.js";
import { kratosSchemas, type KratosSchemas } from "./schemas.js";
import { kratosSessions, type KratosSessions } from "./sessions.js";
import { sdkApi } from "../upstream/call.js";

export interface KratosServices {
  sessions: KratosSessions;
  flows: KratosFlows;
  /** Kratos' admin API: never reachable from the browser. */
  identities: KratosIdentities;
  /** The invitees' identities and their invitations (Kratos' admin API). */
  invitees: KratosInvitees;
  /** The identity schemas' traits, for the forms. */
  schemas: KratosSchemas;
  /** What an undo from a security mail changes (Kratos' admin API). */
  accountUndo: KratosAccountUndo;
}

export function kratosServices(config: PortalConfig, metrics: PortalMetrics): KratosServices {
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
    invitees: kratosInvitees(admin),
    schemas: kratosSchemas(schemas),
    accountUndo: kratosAccountUndo(admin),
  };
}
