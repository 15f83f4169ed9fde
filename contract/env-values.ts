// How a deployment variable's value is read: the same rules and messages for
// the portal server (server/src/config.ts) and the stack that starts it
// (stack/settings.ts). A bad value throws a ConfigError that names the variable.
import type { Branding } from "./schemas/runtime-config.js";

export class ConfigError extends Error {
  override name = "ConfigError";
}

export type Env = Record<string, string | undefined>;

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

/** One of a few words; unset or empty: the fallback. */
export function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${choices.join(", ")}, got "${raw}"`);
  }
  return raw as T;
}

/** Where people get help (BRAND_SUPPORT): an address to write to, or an http(s) page; unset or empty: neither. */
export function readSupport(env: Env, name: string): Pick<Branding, "supportEmail" | "supportUrl"> {
  const raw = env[name]?.trim();
  if (!raw) return {};
  if (/^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/.test(raw)) return { supportEmail: raw };
  if (/^https?:/i.test(raw)) return { supportUrl: readUrl(env, name, "") };
  throw new ConfigError(`${name} must be a mail address (help@example.org) or an http(s) URL, got "${raw}"`);
}
