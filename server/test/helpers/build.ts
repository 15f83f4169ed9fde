// Builds the portal app exactly as server.ts does, for app.inject() requests,
// and closes it when the test ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import type { Test } from "tap";
import app, { internalApp, internalServerOptions, serverOptions, type AppOptions } from "../../src/app.js";
import { readConfig } from "../../src/config.js";
import type { OutboxOptions } from "../../src/mail/outbox.js";
import type { PortalMetrics } from "../../src/metrics.js";
import type { LimiterStore } from "../../src/state/limit-stores.js";

export type Env = Record<string, string | undefined>;

/** A built SPA as Vite lays it out: index.html and hashed assets; and a file beside index.html, which is not served. */
export function fakeWebRoot(t: Test): string {
  const root = mkdtempSync(join(tmpdir(), "portal-web-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), '<!doctype html><title>Account</title><div id="root"></div>');
  writeFileSync(join(root, "assets", "index-abc123.js"), "console.log('spa')");
  writeFileSync(join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t.teardown(() => {
    rmSync(root, { recursive: true, force: true });
  });
  return root;
}

/** The log lines of a build() made with logs: the JSON that server.ts would print. */
export class LogLines extends Writable {
  readonly lines: string[] = [];
  private waiting: { text: string; found: () => void }[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    const lines = chunk.toString("utf8").split("\n").filter(Boolean);
    this.lines.push(...lines);
    this.waiting = this.waiting.filter(({ text, found }) => {
      if (!lines.some((line) => line.includes(text))) return true;
      found();
      return false;
    });
    done();
  }

  /**
   * Resolves when a line containing text has been logged, whether before or after the call: for what the
   * server logs on an event of its own (a lost connection), not in answer to a request.
   */
  async until(text: string, timeoutMs = 10_000): Promise<void> {
    if (this.lines.some((line) => line.includes(text))) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no log line with "${text}" within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.push({
        text,
        found: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}

/** A throw-away PORTAL_STATE_DIR (the outbox, activity and devices), unless the test gives one. */
function stateDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), "portal-state-"));
  t.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

export interface BuildOptions {
  limiterStore?: LimiterStore;
  outboxOptions?: OutboxOptions;
  /** Where the server's log lines go (at info unless env sets LOG_LEVEL), instead of nowhere. */
  logs?: LogLines;
  /** Where the app records its metrics, as server.ts hands them to the server of METRICS_PORT. */
  metrics?: PortalMetrics;
  /** The app it serves, instead of a fake build in WEB_ROOT (app.ts' option). */
  web?: AppOptions["web"];
  /** Called with every route as it is registered (Fastify's onRoute hook). */
  onRoute?: (route: RouteOptions) => void;
}

/** Each built app's PORTAL_ORIGIN: the Origin its pages' requests carry. */
const origins = new WeakMap<FastifyInstance, string>();

/** The origin a built app serves, as its pages send it in Origin. */
export function portalOriginOf(app: FastifyInstance): string {
  const origin = origins.get(app);
  if (origin === undefined) throw new Error("not an app made by build()");
  return origin;
}

export async function build(
  t: Test,
  env: Env = {},
  extend?: (instance: FastifyInstance) => void,
  { limiterStore, logs, metrics, outboxOptions, web, onRoute }: BuildOptions = {},
): Promise<FastifyInstance> {
  const config = readConfig({
    LOG_LEVEL: logs ? "info" : "silent",
    WEB_ROOT: fakeWebRoot(t),
    PORTAL_STATE_DIR: env.PORTAL_STATE_DIR ?? stateDir(t),
    ...env,
  });
  const options = serverOptions(config);
  // The server's own logger options (its serializers above all), only with another stream.
  const instance = Fastify(logs ? { ...options, logger: { ...(options.logger as object), stream: logs } } : options);
  if (onRoute) instance.addHook("onRoute", onRoute);
  await instance.register(app, { config, limiterStore, metrics, outboxOptions, ...(web ? { web } : {}) });
  extend?.(instance);
  await instance.ready();
  origins.set(instance, config.origin);
  t.teardown(() => instance.close());
  return instance;
}

/**
 * The server of INTERNAL_PORT for a built portal, as serve.ts makes it: Kratos' web hooks, with the portal's
 * services. `env` as given to build().
 */
export async function buildInternal(
  t: Test,
  portal: FastifyInstance,
  env: Env = {},
  { onRoute }: Pick<BuildOptions, "onRoute"> = {},
): Promise<FastifyInstance> {
  const instance = Fastify(internalServerOptions(readConfig(env), portal.log));
  if (onRoute) instance.addHook("onRoute", onRoute);
  await instance.register(internalApp, { portal });
  await instance.ready();
  t.teardown(() => instance.close());
  return instance;
}
