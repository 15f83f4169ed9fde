// GET /config.json: the app's runtime configuration (contract/schemas/runtime-config.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { PortalConfig } from "../config.js";
import { RuntimeConfig } from "#contract/schemas/runtime-config.js";

/** What the app needs to know of the server at its start. */
export const runtimeConfig = (config: PortalConfig): RuntimeConfig => ({
  KRATOS_PUBLIC_URL: `${config.origin}/kratos`,
  ...(Object.keys(config.operatorTexts).length > 0 ? { OPERATOR_TEXTS: config.operatorTexts } : {}),
  ...(config.registration === "invite-only" ? { REGISTRATION: config.registration } : {}),
  ...(Object.keys(config.branding.public).length > 0 ? { BRANDING: config.branding.public } : {}),
  ...(config.terms
    ? {
        terms: {
          url: config.terms.url,
          version: config.terms.version,
          ...(config.terms.privacyUrl ? { privacyUrl: config.terms.privacyUrl } : {}),
        },
      }
    : {}),
});

const runtimeConfigRoute: FastifyPluginAsyncTypebox<{ config: PortalConfig }> = async (fastify, { config }) => {
  const body = runtimeConfig(config);
  fastify.get("/config.json", { schema: { response: { 200: RuntimeConfig } } }, async (_request, reply) =>
    reply.header("cache-control", "no-cache").send(body),
  );
};

export default runtimeConfigRoute;
