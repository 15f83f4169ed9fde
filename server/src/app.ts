// The whole portal server as one Fastify plugin: server.ts starts it, the
// tests build it with the same options.
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { emailAddressFormat, isEmailAddress } from "#contract/email-address.js";
import type { PortalConfig } from "./config.js";
import { logController, loggerOptions } from "./logging.js";
import { createMetrics, type PortalMetrics } from "./metrics.js";
import abuseLimits from "./plugins/abuse-limits/index.js";
import compression from "./plugins/compression.js";
import errorHandler, { errorAnswer } from "./plugins/error-handler.js";
import guards from "./plugins/guards.js";
import hydra from "./plugins/hydra.js";
import kratos from "./plugins/kratos.js";
import metricsRecorder from "./plugins/metrics.js";
import services from "./plugins/services.js";
import securityHeaders from "./plugins/security-headers.js";
import apiRoutes from "./routes/api/index.js";
import appPage from "./routes/app-page.js";
import brandingRoutes from "./routes/branding.js";
import healthRoutes from "./routes/health.js";
import kratosHooks from "./routes/internal/kratos-hooks.js";
import kratosProxy from "./routes/kratos-proxy.js";
import runtimeConfigRoute from "./routes/runtime-config.js";
import type { OutboxOptions } from "./mail/outbox.js";
import type { LimiterStore } from "./state/limit-stores.js";
import { builtWeb, type WebApp } from "./web/web-app.js";

export interface AppOptions {
  config: PortalConfig;
  /** Where the abuse limits count, instead of what the configuration says (Redis or this process's memory). */
  limiterStore?: LimiterStore;
  /** Where the app records its metrics, for the server of METRICS_PORT to serve; by default a registry nobody reads. */
  metrics?: PortalMetrics;
  /** The outbox's timing (retry pauses), shorter in tests. */
  outboxOptions?: OutboxOptions;
  /** The app it serves; by default the build in WEB_ROOT. `npm run dev` passes Vite's dev server (web/dev-web.ts). */
  web?: (fastify: FastifyInstance, config: PortalConfig) => WebApp;
}

export function serverOptions(config: PortalConfig): FastifyServerOptions {
  return {
    logger: loggerOptions(config),
    logController: logController(config),
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // One type per field: Fastify's default Ajv turns ["a@x.example"] into "a@x.example" and "1" into 1
    // (coerceTypes "array"), so one field could be read two ways; here a wrong type is a 400 wrong_type.
    // Unknown properties are refused by the schemas (additionalProperties: false), never dropped in silence.
    // allErrors: a 400 names every field that is wrong, not only the first.
    // formats: an email address that Kratos would refuse is a 400 here, not Kratos' refusal (contract/email-address.ts).
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        allErrors: true,
        formats: { [emailAddressFormat]: isEmailAddress },
      },
    },
    // Receiving a whole request (headers and a body of a few KB) takes well
    // under a second even on a slow mobile link; a client that takes longer
    // is holding a socket open on purpose (slowloris). Node's default is 0: never.
    requestTimeout: 30_000,
    // An idle socket is closed after this. A request is silent while the
    // portal waits for Kratos and Hydra, a few calls in a row of up to
    // UPSTREAM_TIMEOUT_MS each, so leave room for several.
    connectionTimeout: 6 * config.upstreamTimeoutMs,
    // Longer than the 60 s idle timeout of common reverse proxies (nginx, AWS
    // ALB), so a proxy never sends a request on a socket we are closing.
    keepAliveTimeout: 65_000,
    // What Fastify refuses before any route, a path with a broken %-escape: the one error handler's answer
    // ({ code }), not Fastify's own, which names its error and repeats the path.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = errorAnswer(error, request);
      void (reply as FastifyReply).code(status).send(body);
    },
  };
}

const app: FastifyPluginAsync<AppOptions> = async (
  fastify,
  { config, limiterStore, metrics = createMetrics(), outboxOptions, web: webApp = (instance) => builtWeb(config, instance.log) },
) => {
  const web = webApp(fastify, config);
  // First, so that it holds for every route registered after it.
  if (web.guard) fastify.addHook("onRequest", web.guard);
  await fastify.register(metricsRecorder, { metrics });
  await fastify.register(errorHandler);
  await fastify.register(securityHeaders, { config });
  await fastify.register(compression);
  await fastify.register(kratos, { config });
  await fastify.register(hydra, { config });
  await fastify.register(abuseLimits, { config, store: limiterStore });
  await fastify.register(guards, { origin: config.origin, hookSecret: config.hookSecret, termsVersion: config.terms?.version });
  await fastify.register(services, { config, outbox: outboxOptions });
  await fastify.register(healthRoutes);
  await fastify.register(runtimeConfigRoute, { config });
  await fastify.register(brandingRoutes, { config });
  await fastify.register(
    async (api) => {
      api.addHook("onRequest", api.limits.api);
      await api.register(apiRoutes, { config });
    },
    { prefix: "/api" },
  );
  await fastify.register(kratosProxy, { prefix: "/kratos", config });
  await fastify.register(web.files);
  await fastify.register(appPage, { config, web });
};

// Not encapsulated: the error handler and decorators hold for every route of the instance.
export default fp(app, { name: "portal" });

/**
 * The server of INTERNAL_PORT: the same options as the public one, logging
 * into its logger, but no proxy in front (only Kratos calls it), so
 * X-Forwarded-For is never believed there.
 */
export function internalServerOptions(config: PortalConfig, log: FastifyBaseLogger): FastifyServerOptions {
  return { ...serverOptions(config), logger: undefined, loggerInstance: log, trustProxy: false };
}

/**
 * What the internal listener serves: Kratos' web hooks and nothing else, with
 * the services of the public server (`portal`, ready), so that the public
 * port, the proxy in front of it and an ingress can never route to them.
 */
export const internalApp: FastifyPluginAsync<{ portal: FastifyInstance }> = async (fastify, { portal }) => {
  await fastify.register(metricsRecorder, { metrics: portal.metrics });
  await fastify.register(errorHandler);
  await fastify.register(kratosHooks, {
    prefix: "/internal/kratos-hooks",
    guard: portal.guards.kratosHook,
    securityEvents: portal.securityEvents,
  });
};
