// Starts the portal server process: configuration, logger, listen, graceful close.
import Fastify from "fastify";
import app, { serverOptions } from "./app.js";
import { ConfigError } from "#contract/env-values.js";
import { readConfig, type PortalConfig } from "./config.js";

let config: PortalConfig;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`portal: configuration error: ${error.message}`);
  process.exit(1);
}

const server = Fastify(serverOptions(config));
server.register(app, { config });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.log.info(`${signal} received, closing`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

try {
  await server.listen({ host: config.host, port: config.port });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`portal: configuration error: ${error.message}`);
  } else {
    server.log.fatal({ err: error }, "the portal could not start");
  }
  process.exit(1);
}
