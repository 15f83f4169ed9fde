// Runs Ory Kratos for the local stack and for the test suites: writes the
// deployment-specific part of its configuration on top of config/kratos,
// migrates the database, serves, and waits until Kratos says it is ready.
// Its mail courier runs as a process of its own (startCourier): however many
// Kratos servers run, exactly one courier sends.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { paths } from "#contract/paths.js";
import { hookSecretHeader } from "#contract/schemas/kratos-hooks.js";
import { breachCheckConfig, breachTrustDir } from "./breach-range.js";
import { merge, type ConfigTree } from "./config-tree.js";
import { writeCourierTemplates } from "./courier-templates.js";
import { exampleSsoId, exampleSsoProvider } from "./example-sso.js";
import { kratosBrandConfig } from "./kratos-brand.js";
import type { OidcProvider } from "./oidc-providers.js";
import type { StackSettings } from "./settings.js";
import { oryEnv, rootDir } from "./settings.js";
import type { Supervisor } from "./supervisor.js";

export interface KratosUrls {
  publicUrl: string;
  adminUrl: string;
}

const configDir = join(rootDir, "config", "kratos");

/**
 * The part of Kratos' configuration that follows from the portal's origin:
 * its public base URL behind the proxy, the WebAuthn relying party, and the
 * portal's pages (named in paths.ts) as the flows' UIs.
 */
export function kratosOriginConfig(origin: string): ConfigTree {
  const relyingParty = { id: new URL(origin).hostname, origins: [origin] };
  const ui = (path: string) => ({ ui_url: `${origin}${path}` });
  return {
    serve: { public: { base_url: `${origin}/kratos/` } },
    selfservice: {
      default_browser_return_url: `${origin}${paths.home}`,
      allowed_return_urls: [origin],
      methods: {
        webauthn: { config: { rp: relyingParty } },
        passkey: { config: { rp: relyingParty } },
      },
      flows: {
        error: ui(paths.error),
        login: ui(paths.login),
        registration: ui(paths.registration),
        verification: { ...ui(paths.verification), after: { default_browser_return_url: `${origin}${paths.settings}` } },
        recovery: ui(paths.recovery),
        settings: ui(paths.settings),
        logout: { after: { default_browser_return_url: `${origin}${paths.login}` } },
      },
    },
  };
}

/** The header that carries the shared secret; the portal's guard reads it (server/src/plugins/guards.ts). */

/**
 * Kratos' web hooks to the portal after a sign-in, a settings change and a
 * recovery: the security mails and the activity. Kratos does not wait for
 * them (response.ignore): a slow portal or mail server never holds up a
 * sign-in. docker-compose.yml sets the same through Kratos' environment.
 */
export function kratosHooksConfig(portalUrl: string, secret: string, bodyUri: string): ConfigTree {
  const after = (event: string) => ({
    hooks: [
      {
        hook: "web_hook",
        config: {
          url: `${portalUrl}/internal/kratos-hooks/${event}`,
          method: "POST",
          body: bodyUri,
          auth: { type: "api_key", config: { name: hookSecretHeader, value: secret, in: "header" } },
          response: { ignore: true },
        },
      },
    ],
  });
  return {
    selfservice: {
      flows: { login: { after: after("login") }, settings: { after: after("settings") }, recovery: { after: after("recovery") } },
    },
  };
}

/** Where docker-compose.yml mounts config/kratos; a mapper there is the same file of config/kratos here. */
const composeConfigDir = "file:///etc/config/kratos/";

/** Every provider Kratos offers: the operators' (KRATOS_OIDC_CONFIG) and Example SSO. */
export function oidcProviders(settings: StackSettings): OidcProvider[] {
  const { providers } = settings.oidc;
  if (settings.exampleSso && providers.some((provider) => provider.id === exampleSsoId)) {
    throw new Error(`KRATOS_OIDC_CONFIG names a provider "${exampleSsoId}", which Example SSO uses: rename it, or set EXAMPLE_SSO=off`);
  }
  return [...providers, ...(settings.exampleSso ? [exampleSsoProvider(settings.exampleSso)] : [])].map((provider) => ({
    ...provider,
    mapper_url: provider.mapper_url.startsWith(composeConfigDir)
      ? `file://${join(configDir, provider.mapper_url.slice(composeConfigDir.length))}`
      : provider.mapper_url,
  }));
}

/** Sign-in with other providers (selfservice.methods.oidc), on when there is one. */
function oidcConfig(settings: StackSettings): ConfigTree {
  const providers = oidcProviders(settings);
  return { selfservice: { methods: { oidc: { enabled: providers.length > 0, config: { providers } } } } };
}

/** Accounts by invitation only: Kratos creates none by itself either, not even for a new provider's sign-in. */
function registrationConfig(settings: StackSettings): ConfigTree {
  return settings.portal.registration === "invite-only" ? { selfservice: { flows: { registration: { enabled: false } } } } : {};
}

/** The part of Kratos' configuration that follows from the stack's settings. */
export function runtimeConfig(settings: StackSettings, extra: ConfigTree = {}): ConfigTree {
  const { kratos } = settings;
  const local: ConfigTree = {
    serve: {
      public: { host: "127.0.0.1", port: kratos.publicPort },
      admin: { base_url: `http://127.0.0.1:${kratos.adminPort}/`, host: "127.0.0.1", port: kratos.adminPort },
    },
    identity: { schemas: [{ id: "default", url: `file://${join(configDir, "identity.schema.json")}` }] },
    secrets: kratos.secrets,
    courier: {
      smtp: { connection_uri: kratos.smtpUri, ...(kratos.mailFromName ? { from_name: kratos.mailFromName } : {}) },
      // config/kratos' templates with the operator's brand (stack/courier-templates.ts), written by writeConfig.
      template_override_path: courierTemplatesDir(settings),
    },
    // Kratos accepts Hydra's login requests itself when a login flow carries a login_challenge.
    oauth2_provider: { url: `http://127.0.0.1:${settings.hydra.adminPort}` },
  };
  const hooks = kratosHooksConfig(
    `http://127.0.0.1:${settings.portal.internalPort}`,
    settings.portal.hookSecret,
    `file://${join(configDir, "hooks", "security-event.jsonnet")}`,
  );
  return [
    local,
    breachCheckConfig(settings),
    kratosBrandConfig(kratos.mailBrand),
    oidcConfig(settings),
    registrationConfig(settings),
    hooks,
    extra,
  ].reduce(merge, kratosOriginConfig(settings.portal.origin));
}

export interface KratosOptions {
  binary: string;
  /** Extra configuration on top, e.g. a short flow lifespan in a test. */
  config?: ConfigTree;
  label?: string;
  /** Off for a second server on a database that the first one already migrated. */
  migrate?: boolean;
  /**
   * On SQLite, after the migrations: the planner statistics without which Kratos' search of identities by an
   * address reads every identifier once per person (launchers/kratos/planner_hints.go). Off only to measure that.
   */
  sqlitePlannerHints?: boolean;
}

/** Kratos' environment: the stack's, its database, and the local authority that signed the breach range service's certificate. */
const kratosEnv = (settings: StackSettings) => ({ ...oryEnv(settings.kratos.dsn), SSL_CERT_DIR: breachTrustDir(settings) });

/** Where Kratos reads its mail templates: a copy in the data folder, never the checkout's config/. */
const courierTemplatesDir = (settings: StackSettings) => join(settings.dataDir, "kratos", "courier-templates");

/** Writes the runtime configuration of one Kratos process and the mail templates; returns its -c arguments. */
function writeConfig(settings: StackSettings, label: string, config?: ConfigTree): string[] {
  const dir = join(settings.dataDir, "kratos");
  mkdirSync(dir, { recursive: true });
  writeCourierTemplates(courierTemplatesDir(settings), settings.kratos.mailBrand);
  const runtimeFile = join(dir, `${label}.runtime.json`);
  writeFileSync(runtimeFile, JSON.stringify(runtimeConfig(settings, config), null, 2), { mode: 0o600 });
  return ["-c", join(configDir, "kratos.yml"), "-c", runtimeFile];
}

export async function startKratos(
  supervisor: Supervisor,
  settings: StackSettings,
  { binary, config, label = "kratos", migrate = true, sqlitePlannerHints = true }: KratosOptions,
): Promise<KratosUrls> {
  const configArgs = writeConfig(settings, label, config);
  const env = kratosEnv(settings);

  if (migrate) {
    supervisor.progress(label, "applying database migrations");
    await supervisor.run(label, binary, ["migrate", "sql", "-e", "--yes", ...configArgs], { env, quiet: true });
    if (sqlitePlannerHints && settings.kratos.dsn.startsWith("sqlite://")) {
      await supervisor.run(label, binary, ["sqlite-planner-hints"], { env, quiet: true });
    }
  }
  supervisor.start(label, binary, ["serve", ...configArgs, "--dev", "--sqa-opt-out"], { env });

  const urls = {
    publicUrl: `http://127.0.0.1:${settings.kratos.publicPort}`,
    adminUrl: `http://127.0.0.1:${settings.kratos.adminPort}`,
  };
  await supervisor.waitFor(label, `${urls.adminUrl}/health/ready`, "Kratos");
  return urls;
}

/**
 * Kratos' mail courier: sends what the servers queued in the database. It has
 * no health endpoint; mail queued before it runs waits in the database, and
 * if it dies the supervisor says so. Start it after the migrations.
 */
export function startCourier(
  supervisor: Supervisor,
  settings: StackSettings,
  { binary, config, label = "courier" }: Omit<KratosOptions, "migrate">,
): void {
  const configArgs = writeConfig(settings, label, config);
  supervisor.start(label, binary, ["courier", "watch", ...configArgs], { env: kratosEnv(settings) });
}
