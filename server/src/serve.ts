// Runs the portal server process: configuration, logger, listen, graceful
// close. server.ts runs it as the image does; `npm run dev` runs it with Vite's
// dev server as the app's source (dev-server.ts).
import Fastify from "fastify";
import app, { internalApp, internalServerOptions, serverOptions, type AppOptions } from "./app.js";
import { ConfigError } from "#contract/env-values.js";
import { readConfig, type PortalConfig } from "./config.js";
import { createMetrics, metricsServer } from "./metrics.js";

/** Reads the configuration, listens, and closes on SIGINT or SIGTERM; exits on a configuration error. */
export async function serve({ web }: Pick<AppOptions, "web"> = {}): Promise<void> {
  let config: PortalConfig;
  try {
    config = readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`portal: configuration error: ${error.message}`);
    process.exit(1);
  }

  // Only with a collector to send to: without one, none of OpenTelemetry is loaded.
  const tracing = config.tracing && (await import("./tracing.js")).startTracing(config, config.tracing);
  const metrics = createMetrics();
  const server = Fastify(serverOptions(config));
  if (tracing) server.register(tracing.plugin);
  server.register(app, { config, metrics, ...(web ? { web } : {}) });
  // Apart from the public server, each on a port of its own that the proxy in front never serves.
  const metricsListener = config.metrics && { server: metricsServer(metrics), ...config.metrics };
  const internalListener = config.internal && { server: Fastify(internalServerOptions(config, server.log)), ...config.internal };

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.log.info(`${signal} received, closing`);
      // Kratos' hooks first: they use the public server's state and outbox, which close with it.
      Promise.all([internalListener?.server.close(), metricsListener?.server.close()])
        .then(() => server.close())
        .then(() => tracing?.shutdown())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }

  try {
    await server.listen({ host: config.host, port: config.port });
    if (metricsListener) {
      await metricsListener.server.listen({ host: metricsListener.host, port: metricsListener.port });
      server.log.info(`metrics at http://${metricsListener.host}:${metricsListener.port}/metrics`);
    }
    if (internalListener) {
      await internalListener.server.register(internalApp, { portal: server });
      await internalListener.server.listen({ host: internalListener.host, port: internalListener.port });
      server.log.info(`Kratos' web hooks at http://${internalListener.host}:${internalListener.port}/internal/kratos-hooks/`);
    } else {
      server.log.warn(
        "INTERNAL_PORT is not set: Kratos' web hooks are served nowhere, so no security mail is sent and no activity recorded",
      );
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`portal: configuration error: ${error.message}`);
    } else {
      server.log.fatal({ err: error }, "the portal could not start");
    }
    process.exit(1);
  }
}
