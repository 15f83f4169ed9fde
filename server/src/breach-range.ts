// The breach range service as the image runs it (server/build.ts bundles it into
// server/dist/breach-range.mjs): `node server/dist/breach-range.mjs`, beside the
// portal, from the same image. Its variables (docs/breached-passwords.md):
// BREACH_RANGE_FILE (made by npm run breach-range-file), BREACH_RANGE_TLS_CERT
// and BREACH_RANGE_TLS_KEY (PEM files), BREACH_RANGE_HOST, BREACH_RANGE_PORT.
import { readFileSync } from "node:fs";
import { ConfigError, readPort } from "#contract/env-values.js";
import { openRangeFile } from "./breach-range/range-file.js";
import { createRangeServer } from "./breach-range/range-server.js";

const log = (fields: Record<string, unknown>) => {
  process.stdout.write(`${JSON.stringify({ time: Date.now(), service: "breach-range", ...fields })}\n`);
};

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new ConfigError(`set ${name} (docs/breached-passwords.md)`);
  return value;
}

function readPem(name: string): Buffer {
  const path = required(name);
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

try {
  const port = readPort(process.env, "BREACH_RANGE_PORT", 8443);
  const host = process.env.BREACH_RANGE_HOST?.trim() || "0.0.0.0";
  const cert = readPem("BREACH_RANGE_TLS_CERT");
  const key = readPem("BREACH_RANGE_TLS_KEY");
  const file = await openRangeFile(required("BREACH_RANGE_FILE"));
  const server = createRangeServer({
    file,
    cert,
    key,
    onError: (error) => {
      log({ level: "error", msg: error.message });
    },
  });
  server.listen(port, host, () => {
    log({ level: "info", msg: "listening", host, port, prefixes: file.prefixes });
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.close(() => void file.close().then(() => process.exit(0)));
      server.closeIdleConnections();
    });
  }
} catch (error) {
  log({ level: "fatal", msg: (error as Error).message });
  process.exit(1);
}
