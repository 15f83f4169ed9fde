// The whole portal server as one Fastify plugin: server.ts starts it, the
// tests build it with the same options.
import type { FastifyPluginAsync, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import type { PortalConfig } from "./config.js";
import errorHandler from "./plugins/error-handler.js";
import guards from "./plugins/guards.js";
import hydra from "./plugins/hydra.js";
import kratos from "./plugins/kratos.js";
import spa from "./plugins/spa.js";
import apiRoutes from "./routes/api/index.js";
import healthRoutes from "./routes/health.js";
import kratosProxy from "./routes/kratos-proxy.js";
import runtimeConfigRoute from "./routes/runtime-config.js";

export interface AppOptions {
  config: PortalConfig;
}

export function serverOptions(config: PortalConfig): FastifyServerOptions {
  return {
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Unknown body properties are dropped before a handler sees them.
    // allErrors: a 400 names every field that is wrong, not only the first.
    ajv: { customOptions: { removeAdditional: "all", allErrors: true } },
  };
}

const app: FastifyPluginAsync<AppOptions> = async (fastify, { config }) => {
  await fastify.register(errorHandler);
  await fastify.register(kratos, { config });
  await fastify.register(hydra, { config });
  await fastify.register(guards, { origin: config.origin });
  await fastify.register(healthRoutes);
  await fastify.register(runtimeConfigRoute, { config });
  await fastify.register(apiRoutes, { prefix: "/api" });
  await fastify.register(kratosProxy, { prefix: "/kratos", config });
  await fastify.register(spa, { config });
};

// Not encapsulated: the error handler and decorators hold for every route of the instance.
export default fp(app, { name: "portal" });
