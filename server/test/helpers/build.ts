// Builds the portal app exactly as server.ts does, for app.inject() requests,
// and closes it when the test ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import type { Test } from "tap";
import app, { serverOptions } from "../../src/app.js";
import { readConfig } from "../../src/config.js";
import type { LimiterStore } from "../../src/plugins/abuse-limits.js";

export type Env = Record<string, string | undefined>;

/** A built SPA as Vite lays it out: index.html and hashed assets. */
export function fakeWebRoot(t: Test): string {
  const root = mkdtempSync(join(tmpdir(), "portal-web-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), '<!doctype html><title>Account</title><div id="root"></div>');
  writeFileSync(join(root, "assets", "index-abc123.js"), "console.log('spa')");
  writeFileSync(join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

export interface BuildOptions {
  limiterStore?: LimiterStore;
  /** Where the server's log lines go (with LOG_LEVEL in env), instead of stdout. */
  logStream?: Writable;
}

export async function build(
  t: Test,
  env: Env = {},
  extend?: (instance: FastifyInstance) => void,
  { limiterStore, logStream }: BuildOptions = {},
): Promise<FastifyInstance> {
  const config = readConfig({ LOG_LEVEL: "silent", WEB_ROOT: fakeWebRoot(t), ...env });
  const options = serverOptions(config);
  const instance = Fastify(logStream ? { ...options, logger: { ...(options.logger as object), stream: logStream } } : options);
  await instance.register(app, { config, limiterStore });
  extend?.(instance);
  await instance.ready();
  t.teardown(() => instance.close());
  return instance;
}
