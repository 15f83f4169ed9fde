// The operators' OpenID Connect providers: one file (KRATOS_OIDC_CONFIG), a
// fragment of Kratos' own configuration (selfservice.methods.oidc, keys of
// Kratos' embedx/config.schema.json), that `npm start` hands to Kratos and that
// docker-compose.yml mounts as an extra configuration file. Client secrets are
// in it: keep it out of version control.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import { ConfigError, type Env } from "#contract/env-values.js";
import { providerIdPattern } from "#contract/providers.js";

/** One provider as Kratos reads it (selfServiceOIDCProvider); only what the stack looks at is typed. */
export interface OidcProvider {
  id: string;
  provider: string;
  label?: string;
  issuer_url?: string;
  auth_url?: string;
  mapper_url: string;
  [key: string]: unknown;
}

export interface OidcSettings {
  /** The file the providers came from, when one was given. */
  file?: string;
  providers: OidcProvider[];
}

const idPattern = new RegExp(providerIdPattern);

/**
 * The providers Kratos knows whose sign-in page is always at the same origin (for the CSP's form-action). The
 * with-ory chart's templates/kratos-oidc.yaml has the same table; the chart suite holds it to this one.
 */
export const knownOrigins: Record<string, string> = {
  google: "https://accounts.google.com",
  github: "https://github.com",
  "github-app": "https://github.com",
  gitlab: "https://gitlab.com",
  microsoft: "https://login.microsoftonline.com",
  apple: "https://appleid.apple.com",
};

function isTree(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readOidcConfig(env: Env, name: string): OidcSettings {
  const raw = env[name];
  if (raw === undefined || raw === "") return { providers: [] };
  const file = resolve(raw);
  let tree: unknown;
  try {
    tree = parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${file} as YAML or JSON (${(error as Error).message.split("\n")[0]})`);
  }
  const oidc = [tree, "selfservice", "methods", "oidc"].reduce((node: unknown, key) => (isTree(node) ? node[key as string] : undefined));
  if (!isTree(oidc)) throw new ConfigError(`${name}: ${file} has no selfservice.methods.oidc (see docs/sign-in-providers.md)`);
  if (oidc.enabled === false) return { file, providers: [] };
  const list = isTree(oidc.config) ? oidc.config.providers : undefined;
  if (!Array.isArray(list)) throw new ConfigError(`${name}: ${file} has no list at selfservice.methods.oidc.config.providers`);
  const seen = new Set<string>();
  const providers = list.map((entry: unknown, index) => {
    const where = `${name}: provider ${index + 1} in ${file}`;
    if (!isTree(entry)) throw new ConfigError(`${where} is not an object`);
    const { id, provider, mapper_url: mapper } = entry;
    if (typeof id !== "string" || !idPattern.test(id)) {
      throw new ConfigError(`${where}: id must be lower-case letters, digits, "-" or "_" (up to 64), got ${JSON.stringify(id)}`);
    }
    if (seen.has(id)) throw new ConfigError(`${where}: the id "${id}" is used twice`);
    seen.add(id);
    if (typeof provider !== "string" || provider === "")
      throw new ConfigError(`${where} ("${id}") needs provider (google, github, microsoft, generic, …)`);
    if (typeof mapper !== "string" || mapper === "") throw new ConfigError(`${where} ("${id}") needs mapper_url`);
    for (const key of ["issuer_url", "auth_url"] as const) {
      const value = entry[key];
      if (value !== undefined && (typeof value !== "string" || !URL.canParse(value))) {
        throw new ConfigError(`${where} ("${id}"): ${key} must be an absolute URL`);
      }
    }
    return entry as OidcProvider;
  });
  return { file, providers };
}

/**
 * The origins a provider's sign-in page may be on: a sign-in form posted
 * natively (before the app's script runs) is redirected there by Kratos, and
 * the browser checks that redirect against the CSP's form-action.
 */
export function providerOrigins(providers: readonly OidcProvider[]): string[] {
  const origins = new Set<string>();
  for (const provider of providers) {
    for (const url of [provider.issuer_url, provider.auth_url]) if (url) origins.add(new URL(url).origin);
    const known = knownOrigins[provider.provider];
    if (known && provider.issuer_url === undefined && provider.auth_url === undefined) origins.add(known);
  }
  return [...origins];
}
