// Runs Ory Kratos for the local stack and for the test suites: writes the
// deployment-specific part of its configuration on top of config/kratos,
// migrates the database, serves, and waits until Kratos says it is ready.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { merge, type ConfigTree } from "./config-tree.js";
import type { StackSettings } from "./settings.js";
import { rootDir } from "./settings.js";
import type { Supervisor } from "./supervisor.js";

export interface KratosUrls {
  publicUrl: string;
  adminUrl: string;
}

const configDir = join(rootDir, "config", "kratos");

/** The part of Kratos' configuration that follows from the stack's settings. */
export function runtimeConfig(settings: StackSettings, extra: ConfigTree = {}): ConfigTree {
  const { origin } = settings.portal;
  const { kratos } = settings;
  const relyingParty = { id: new URL(origin).hostname, origins: [origin] };
  const ui = (path: string) => ({ ui_url: `${origin}${path}` });
  return merge(
    {
      serve: {
        public: { base_url: `${origin}/kratos/`, host: "127.0.0.1", port: kratos.publicPort },
        admin: { base_url: `http://127.0.0.1:${kratos.adminPort}/`, host: "127.0.0.1", port: kratos.adminPort },
      },
      identity: { schemas: [{ id: "default", url: `file://${join(configDir, "identity.schema.json")}` }] },
      secrets: kratos.secrets,
      courier: { smtp: { connection_uri: kratos.smtpUri } },
      // Kratos accepts Hydra's login requests itself when a login flow carries a login_challenge.
      oauth2_provider: { url: `http://127.0.0.1:${settings.hydra.adminPort}` },
      selfservice: {
        default_browser_return_url: `${origin}/`,
        allowed_return_urls: [origin],
        methods: {
          webauthn: { config: { rp: relyingParty } },
          passkey: { config: { rp: relyingParty } },
        },
        flows: {
          error: ui("/error"),
          login: ui("/login"),
          registration: ui("/registration"),
          verification: { ...ui("/verification"), after: { default_browser_return_url: `${origin}/settings` } },
          recovery: ui("/recovery"),
          settings: ui("/settings"),
          logout: { after: { default_browser_return_url: `${origin}/login` } },
        },
      },
    },
    extra,
  );
}

export interface KratosOptions {
  binary: string;
  /** Extra configuration on top, e.g. a short flow lifespan in a test. */
  config?: ConfigTree;
  label?: string;
}

export async function startKratos(
  supervisor: Supervisor,
  settings: StackSettings,
  { binary, config, label = "kratos" }: KratosOptions,
): Promise<KratosUrls> {
  const dir = join(settings.dataDir, "kratos");
  mkdirSync(dir, { recursive: true });
  const runtimeFile = join(dir, "runtime.json");
  writeFileSync(runtimeFile, JSON.stringify(runtimeConfig(settings, config), null, 2), { mode: 0o600 });
  const configArgs = ["-c", join(configDir, "kratos.yml"), "-c", runtimeFile];
  const env = { ...process.env, DSN: settings.kratos.dsn };

  supervisor.progress(label, "applying database migrations");
  await supervisor.run(label, binary, ["migrate", "sql", "-e", "--yes", ...configArgs], { env, quiet: true });
  supervisor.start(label, binary, ["serve", ...configArgs, "--dev", "--watch-courier", "--sqa-opt-out"], { env });

  const urls = {
    publicUrl: `http://127.0.0.1:${settings.kratos.publicPort}`,
    adminUrl: `http://127.0.0.1:${settings.kratos.adminPort}`,
  };
  await supervisor.waitFor(label, `${urls.adminUrl}/health/ready`, "Kratos");
  return urls;
}
