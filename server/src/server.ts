// Starts the portal server process: configuration, logger, listen, graceful close.
import Fastify from "fastify";
import app, { serverOptions } from "./app.js";
import { ConfigError } from "#contract/env-values.js";
import { readConfig, type PortalConfig } from "./config.js";
import { createMetrics, metricsServer } from "./metrics.js";

let config: PortalConfig;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`portal: configuration error: ${error.message}`);
  process.exit(1);
}

const metrics = createMetrics();
const server = Fastify(serverOptions(config));
server.register(app, { config, metrics });
// Apart from the public server, on a port of its own that the proxy in front never serves.
const metricsListener = config.metrics && { server: metricsServer(metrics), ...config.metrics };

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.log.info(`${signal} received, closing`);
    Promise.all([server.close(), metricsListener?.server.close()]).then(
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
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`portal: configuration error: ${error.message}`);
  } else {
    server.log.fatal({ err: error }, "the portal could not start");
  }
  process.exit(1);
}
