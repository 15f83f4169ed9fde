// The portal server's configuration: read from the environment once, at
// start-up, into one typed object. A bad value stops the process with a
// message that names the variable.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface PortalConfig {
  host: string;
  port: number;
  /** The origin the browser uses, e.g. http://localhost:3000. */
  origin: string;
  kratosPublicUrl: string;
  /** Hydra's admin API: OAuth2 clients, login/consent/logout requests. Never exposed to the browser. */
  hydraAdminUrl: string;
  /** The built SPA that the server serves. */
  webRoot: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  trustProxy: boolean;
  /** How long a call to Kratos or Hydra may take before the portal calls it unavailable. */
  upstreamTimeoutMs: number;
  /** Managing OAuth2 clients needs a session signed in with a second factor. */
  adminRequireAal2: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

export function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new ConfigError(`${name} must be a port number from 1 to 65535, got "${raw}"`);
  }
  return value;
}

/** An http(s) URL; with `originOnly`, scheme, host and port without a path. */
export function readUrl(env: Env, name: string, fallback: string, originOnly = false): string {
  const raw = env[name] || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (!["http:", "https:"].includes(url.protocol)) {
    throw new ConfigError(`${name} must use http or https, got "${raw}"`);
  }
  if (originOnly && url.origin !== raw.replace(/\/$/, "")) {
    throw new ConfigError(`${name} must be an origin (scheme, host and port, no path), got "${raw}"`);
  }
  return originOnly ? url.origin : raw.replace(/\/$/, "");
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${choices.join(", ")}, got "${raw}"`);
  }
  return raw as T;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function readPositiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

const defaultWebRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");
const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export function readConfig(env: Env = process.env): PortalConfig {
  const port = readPort(env, "PORT", 3000);
  return {
    host: env.HOST || "127.0.0.1",
    port,
    origin: readUrl(env, "PORTAL_ORIGIN", `http://localhost:${port}`, true),
    kratosPublicUrl: readUrl(env, "KRATOS_PUBLIC_URL", "http://127.0.0.1:4433"),
    hydraAdminUrl: readUrl(env, "HYDRA_ADMIN_URL", "http://127.0.0.1:4445"),
    webRoot: resolve(env.WEB_ROOT || defaultWebRoot),
    logLevel: readChoice(env, "LOG_LEVEL", logLevels, "info"),
    trustProxy: readBoolean(env, "TRUST_PROXY", false),
    upstreamTimeoutMs: readPositiveInteger(env, "UPSTREAM_TIMEOUT_MS", 10_000),
    adminRequireAal2: readBoolean(env, "ADMIN_REQUIRE_AAL2", true),
  };
}
