// Runs Ory Hydra for the local stack and for the test suites, as kratos.ts
// runs Kratos: writes the deployment-specific part of its configuration on
// top of config/hydra, migrates its own database, serves, and waits until
// Hydra says it is ready.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { merge, type ConfigTree } from "./config-tree.js";
import { rootDir, type StackSettings } from "./settings.js";
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

/** The part of Hydra's configuration that follows from the stack's settings. */
export function hydraRuntimeConfig(settings: StackSettings, extra: ConfigTree = {}): ConfigTree {
  const { origin } = settings.portal;
  const { hydra } = settings;
  return merge(
    {
      serve: {
        public: { host: "127.0.0.1", port: hydra.publicPort },
        admin: { host: "127.0.0.1", port: hydra.adminPort },
      },
      urls: {
        self: { issuer: `http://localhost:${hydra.publicPort}` },
        login: `${origin}/login`,
        consent: `${origin}/consent`,
        logout: `${origin}/logout`,
        error: `${origin}/error`,
        identity_provider: { url: `http://127.0.0.1:${settings.kratos.adminPort}` },
      },
      secrets: { system: hydra.secrets.system },
    },
    extra,
  );
}

export interface HydraOptions {
  binary: string;
  /** Extra configuration on top, e.g. short token lifespans in a test. */
  config?: ConfigTree;
  label?: string;
}

export async function startHydra(
  supervisor: Supervisor,
  settings: StackSettings,
  { binary, config, label = "hydra" }: HydraOptions,
): Promise<HydraUrls> {
  const dir = join(settings.dataDir, "hydra");
  mkdirSync(dir, { recursive: true });
  const runtimeFile = join(dir, "runtime.json");
  writeFileSync(runtimeFile, JSON.stringify(hydraRuntimeConfig(settings, config), null, 2), { mode: 0o600 });
  const env = { ...process.env, DSN: settings.hydra.dsn };

  supervisor.progress(label, "applying database migrations");
  // -e reads the DSN from the environment; `migrate sql` alone is deprecated in Hydra 2.
  await supervisor.run(label, binary, ["migrate", "sql", "up", "-e", "--yes"], { env, quiet: true });
  // --dev allows the http:// issuer of local mode.
  supervisor.start(
    label,
    binary,
    ["serve", "all", "-c", join(configDir, "hydra.yml"), "-c", runtimeFile, "--dev", "--sqa-opt-out"],
    { env },
  );

  const urls = {
    issuer: `http://localhost:${settings.hydra.publicPort}`,
    publicUrl: `http://127.0.0.1:${settings.hydra.publicPort}`,
    adminUrl: `http://127.0.0.1:${settings.hydra.adminPort}`,
  };
  await supervisor.waitFor(label, `${urls.adminUrl}/health/ready`, "Hydra");
  return urls;
}
