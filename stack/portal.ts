// Runs the portal server as a supervised process: from its TypeScript sources
// (server/src/server.ts through tsx) with Vite's build of the app and
// NODE_ENV=production, as `npm start` and every test suite run it; with the
// app from its sources through Vite's dev server (`npm run dev`:
// server/src/dev-server.ts); or as the Docker image runs it (a release
// folder's bundled server on the image's Node).
import { join } from "node:path";
import { exampleSsoOrigins } from "./example-sso.js";
import { imageCommand } from "./image-node.js";
import { oidcProviders, type KratosUrls } from "./kratos.js";
import { providerOrigins } from "./oidc-providers.js";
import { rootDir, type StackSettings } from "./settings.js";
import type { Supervisor } from "./supervisor.js";
import { buildWeb, webDist } from "./web-build.js";

export interface PortalOptions {
  label?: string;
  /** The image's way: its command (the bundled server, with the image's Node options) in this folder (stack/release.ts). */
  release?: { dir: string; node: string; nodeOptions?: string[] };
  /** Options for Node before the script, e.g. a profiler's (the bench's BENCH_PROFILE). */
  nodeArgs?: string[];
  /** More variables for the server, e.g. RATE_LIMIT_REDIS_URL. */
  env?: Record<string, string>;
  /** `npm run dev`: the app from its sources through Vite's dev server, with hot updates (server/src/web/dev-web.ts), instead of the build. */
  dev?: boolean;
}

export async function startPortal(
  supervisor: Supervisor,
  settings: StackSettings,
  kratos: KratosUrls,
  { label = "portal", release, nodeArgs = [], env = {}, dev = false }: PortalOptions = {},
): Promise<string> {
  const { host, port, internalPort, origin } = settings.portal;
  const image = release ? { ...imageCommand(), ...release } : undefined;
  // Built when its sources changed since the last build (a release folder holds its own).
  if (!release && !dev) await buildWeb(supervisor);
  // The image's environment is its own (NODE_ENV=production), not this process's (a test runner's NODE_OPTIONS).
  const [command, args, cwd, base] = image
    ? [
        image.node,
        [...image.nodeOptions, ...nodeArgs, join(image.dir, image.script)],
        image.dir,
        { PATH: process.env.PATH, NODE_ENV: "production" },
      ]
    : dev
      ? [
          process.execPath,
          [...nodeArgs, "--import", "tsx", join(rootDir, "server", "src", "dev-server.ts")],
          rootDir,
          // React's development build, in the server's render as in the browser's.
          { ...process.env, NODE_ENV: "development" },
        ]
      : [
          process.execPath,
          [...nodeArgs, "--import", "tsx", join(rootDir, "server", "src", "server.ts")],
          rootDir,
          { ...process.env, NODE_ENV: "production", WEB_ROOT: webDist },
        ];
  supervisor.start(label, command, args, {
    cwd,
    env: {
      ...base,
      HOST: host,
      PORT: String(port),
      // Kratos' web hooks, on loopback, where stack/kratos.ts points them.
      INTERNAL_PORT: String(internalPort),
      INTERNAL_HOST: "127.0.0.1",
      PORTAL_ORIGIN: origin,
      DEVICE_COOKIE_SECRET: settings.portal.deviceCookieSecret,
      KRATOS_PUBLIC_URL: kratos.publicUrl,
      KRATOS_ADMIN_URL: kratos.adminUrl,
      KRATOS_HOOK_SECRET: settings.portal.hookSecret,
      ALTCHA_HMAC_KEY: settings.portal.altchaHmacKey,
      REGISTRATION: settings.portal.registration,
      // The portal's security mail goes through Kratos' SMTP server; what waits to be sent is kept in the data folder.
      SMTP_URI: settings.kratos.smtpUri,
      PORTAL_STATE_DIR: join(settings.dataDir, "portal"),
      // From the settings, so that every caller (npm start, npm test, a test's private stack) gets its own Hydra.
      HYDRA_ADMIN_URL: `http://127.0.0.1:${settings.hydra.adminPort}`,
      // A passkey sign-in with a login_challenge: Kratos redirects webauthn.js' form post to Hydra's issuer. A
      // provider's button, posted before the app's script runs, is redirected to the provider's sign-in page.
      CSP_FORM_ACTION_ORIGINS: [
        ...new Set([
          settings.hydra.issuer,
          ...providerOrigins(oidcProviders(settings)),
          ...(settings.exampleSso ? exampleSsoOrigins(settings.exampleSso) : []),
        ]),
      ].join(","),
      ...env,
    },
  });
  await supervisor.waitFor(label, `http://127.0.0.1:${port}/healthz`, "the portal", 30_000);
  return origin;
}
