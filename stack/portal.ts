// Runs the portal server as a supervised process: from its TypeScript sources
// through tsx (npm start, the test stack), or compiled (`npm run build`), as
// the Docker image runs it.
import { join } from "node:path";
import type { KratosUrls } from "./kratos.js";
import { rootDir, type StackSettings } from "./settings.js";
import type { Supervisor } from "./supervisor.js";
import { webDist } from "./web-build.js";

export interface PortalOptions {
  label?: string;
  /** Run server/dist/server.js with NODE_ENV=production, as the Docker image does. */
  compiled?: boolean;
}

export async function startPortal(
  supervisor: Supervisor,
  settings: StackSettings,
  kratos: KratosUrls,
  { label = "portal", compiled = false }: PortalOptions = {},
): Promise<string> {
  const { host, port, origin } = settings.portal;
  const args = compiled
    ? [join(rootDir, "server", "dist", "server.js")]
    : ["--import", "tsx", join(rootDir, "server", "src", "server.ts")];
  supervisor.start(label, process.execPath, args, {
    cwd: rootDir,
    env: {
      ...process.env,
      ...(compiled ? { NODE_ENV: "production" } : {}),
      HOST: host,
      PORT: String(port),
      PORTAL_ORIGIN: origin,
      KRATOS_PUBLIC_URL: kratos.publicUrl,
      // From the settings, so that every caller (npm start, npm test, a test's private stack) gets its own Hydra.
      HYDRA_ADMIN_URL: `http://127.0.0.1:${settings.hydra.adminPort}`,
      // A passkey sign-in with a login_challenge: Kratos redirects webauthn.js' form post to Hydra's issuer.
      CSP_FORM_ACTION_ORIGINS: `http://localhost:${settings.hydra.publicPort}`,
      WEB_ROOT: webDist,
    },
  });
  await supervisor.waitFor(label, `http://127.0.0.1:${port}/healthz`, "the portal", 30_000);
  return origin;
}
