// "Example SSO": a second Ory Hydra (the same binary as the portal's) as an
// OpenID Connect provider, with a tiny login and consent app
// (example-sso-app.ts), so that signing in with a provider works from
// `npm start` and the tests drive the whole round trip offline, as Kratos' own
// end-to-end tests do with Hydra upstream. It is for trying and testing only:
// any address signs in. EXAMPLE_SSO=off leaves it out.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Configuration, OAuth2Api, type OAuth2Client } from "@ory/client";
import type { OidcProvider } from "./oidc-providers.js";
import { oryEnv, rootDir, type ExampleSsoSettings, type StackSettings } from "./settings.js";
import type { Supervisor } from "./supervisor.js";

/** Its id in Kratos: the callback is <portal>/kratos/self-service/methods/oidc/callback/example-sso. */
export const exampleSsoId = "example-sso";
export const exampleSsoLabel = "Example SSO";
/** The OAuth2 client Kratos signs in with at Example SSO, made (or brought up to date) at every start. */
export const exampleSsoClientId = "account-portal-kratos";

/** What Kratos is configured with for Example SSO (the mapper every provider can use). */
export function exampleSsoProvider(sso: ExampleSsoSettings): OidcProvider {
  return {
    id: exampleSsoId,
    provider: "generic",
    label: exampleSsoLabel,
    client_id: exampleSsoClientId,
    client_secret: sso.secrets.client,
    issuer_url: sso.issuer,
    scope: ["openid", "email", "profile"],
    mapper_url: "file:///etc/config/kratos/oidc/standard.jsonnet",
  };
}

/** Origins a native sign-in form is redirected through on its way to Example SSO (the CSP's form-action). */
export function exampleSsoOrigins(sso: ExampleSsoSettings): string[] {
  return [sso.issuer, `http://127.0.0.1:${sso.appPort}`];
}

export interface ExampleSsoUrls {
  issuer: string;
  adminUrl: string;
  appUrl: string;
}

/** The callback Kratos gives Example SSO, through the portal's /kratos proxy. */
export const callbackUrl = (portalOrigin: string, provider: string) =>
  `${portalOrigin}/kratos/self-service/methods/oidc/callback/${provider}`;

async function upsertClient(adminUrl: string, client: OAuth2Client): Promise<void> {
  const api = new OAuth2Api(new Configuration({ basePath: adminUrl }));
  try {
    await api.getOAuth2Client({ id: exampleSsoClientId });
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status !== 404) throw error;
    await api.createOAuth2Client({ oAuth2Client: client });
    return;
  }
  // The portal's origin, and so the callback, may differ from the last start's.
  await api.setOAuth2Client({ id: exampleSsoClientId, oAuth2Client: client });
}

export async function startExampleSso(
  supervisor: Supervisor,
  settings: StackSettings,
  sso: ExampleSsoSettings,
  { binary, label = "example-sso" }: { binary: string; label?: string },
): Promise<ExampleSsoUrls> {
  const dir = join(settings.dataDir, "example-sso");
  mkdirSync(dir, { recursive: true });
  const appUrl = `http://127.0.0.1:${sso.appPort}`;
  const adminUrl = `http://127.0.0.1:${sso.adminPort}`;
  const runtimeFile = join(dir, "hydra.runtime.json");
  const config = {
    serve: {
      public: { host: "127.0.0.1", port: sso.publicPort },
      admin: { host: "127.0.0.1", port: sso.adminPort },
    },
    urls: {
      self: { issuer: sso.issuer },
      login: `${appUrl}/login`,
      consent: `${appUrl}/consent`,
      error: `${appUrl}/error`,
    },
    secrets: { system: sso.secrets.system },
    log: { level: "warn", format: "text" },
  };
  writeFileSync(runtimeFile, JSON.stringify(config, null, 2), { mode: 0o600 });
  const env = oryEnv(sso.dsn);
  supervisor.progress(label, "applying database migrations");
  await supervisor.run(label, binary, ["migrate", "sql", "up", "-e", "--yes"], { env, quiet: true });
  // --dev allows the http:// issuer.
  supervisor.start(label, binary, ["serve", "all", "-c", runtimeFile, "--dev", "--sqa-opt-out"], { env });
  const appLabel = `${label}-app`;
  supervisor.start(appLabel, process.execPath, ["--import", "tsx", join(rootDir, "stack", "example-sso-app.ts")], {
    cwd: rootDir,
    env: { ...process.env, EXAMPLE_SSO_APP_PORT: String(sso.appPort), EXAMPLE_SSO_ADMIN_URL: adminUrl },
  });
  await Promise.all([
    supervisor.waitFor(label, `${adminUrl}/health/ready`, "Example SSO"),
    supervisor.waitFor(appLabel, `${appUrl}/health`, "Example SSO's sign-in page"),
  ]);
  await upsertClient(adminUrl, {
    client_id: exampleSsoClientId,
    client_name: "Account portal",
    client_secret: sso.secrets.client,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    scope: "openid email profile offline_access",
    redirect_uris: [callbackUrl(settings.portal.origin, exampleSsoId)],
    token_endpoint_auth_method: "client_secret_basic",
  });
  return { issuer: sso.issuer, adminUrl, appUrl };
}
