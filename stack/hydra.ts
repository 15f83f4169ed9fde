// Runs Ory Hydra for the local stack and for the test suites, as kratos.ts
// runs Kratos: writes the deployment-specific part of its configuration on
// top of config/hydra, migrates its own database, serves, and waits until
// Hydra says it is ready.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { paths } from "#contract/paths.js";
import { merge, type ConfigTree } from "./config-tree.js";
import { oryEnv, rootDir, type StackSettings } from "./settings.js";
import type { Supervisor } from "./supervisor.js";

export interface HydraUrls {
  /** What OAuth2 clients are configured with: the issuer (localhost, served with --dev). */
  issuer: string;
  /** Browsers and OAuth2 clients: authorize, token, userinfo. */
  publicUrl: string;
  /** The portal's server and Kratos only. */
  adminUrl: string;
}

const configDir = join(rootDir, "config", "hydra");

/** The portal's pages (named in paths.ts) as Hydra's login, consent, logout and error UIs. */
export function hydraOriginConfig(origin: string): ConfigTree {
  return {
    urls: {
      login: `${origin}${paths.login}`,
      consent: `${origin}${paths.consent}`,
      logout: `${origin}${paths.logout}`,
      error: `${origin}${paths.error}`,
    },
  };
}

/** The part of Hydra's configuration that follows from the stack's settings. */
export function hydraRuntimeConfig(settings: StackSettings, extra: ConfigTree = {}): ConfigTree {
  const { hydra } = settings;
  const local: ConfigTree = {
    serve: {
      public: { host: "127.0.0.1", port: hydra.publicPort },
      admin: { host: "127.0.0.1", port: hydra.adminPort },
    },
    urls: {
      self: { issuer: hydra.issuer },
      identity_provider: { url: `http://127.0.0.1:${settings.kratos.adminPort}` },
    },
    secrets: { system: hydra.secrets.system },
  };
  return merge(merge(hydraOriginConfig(settings.portal.origin), local), extra);
}

export interface HydraOptions {
  binary: string;
  /** Extra configuration on top, e.g. short token lifespans in a test. */
  config?: ConfigTree;
  label?: string;
  /** Off for a second server on a database that the first one already migrated. */
  migrate?: boolean;
}

export async function startHydra(
  supervisor: Supervisor,
  settings: StackSettings,
  { binary, config, label = "hydra", migrate = true }: HydraOptions,
): Promise<HydraUrls> {
  const dir = join(settings.dataDir, "hydra");
  mkdirSync(dir, { recursive: true });
  const runtimeFile = join(dir, `${label}.runtime.json`);
  writeFileSync(runtimeFile, JSON.stringify(hydraRuntimeConfig(settings, config), null, 2), { mode: 0o600 });
  const env = oryEnv(settings.hydra.dsn);

  if (migrate) {
    supervisor.progress(label, "applying database migrations");
    // -e reads the DSN from the environment; `migrate sql` alone is deprecated in Hydra 2.
    await supervisor.run(label, binary, ["migrate", "sql", "up", "-e", "--yes"], { env, quiet: true });
  }
  // --dev allows the http:// issuer of local mode.
  supervisor.start(label, binary, ["serve", "all", "-c", join(configDir, "hydra.yml"), "-c", runtimeFile, "--dev", "--sqa-opt-out"], {
    env,
  });

  const urls = {
    issuer: settings.hydra.issuer,
    publicUrl: `http://127.0.0.1:${settings.hydra.publicPort}`,
    adminUrl: `http://127.0.0.1:${settings.hydra.adminPort}`,
  };
  await supervisor.waitFor(label, `${urls.adminUrl}/health/ready`, "Hydra");
  return urls;
}
