// Runs the portal server (server/src/server.ts) as a supervised process.
import { join } from "node:path";
import type { KratosUrls } from "./kratos.js";
import { rootDir, type StackSettings } from "./settings.js";
import type { Supervisor } from "./supervisor.js";
import { webDist } from "./web-build.js";

export async function startPortal(
  supervisor: Supervisor,
  settings: StackSettings,
  kratos: KratosUrls,
  label = "portal",
): Promise<string> {
  const { host, port, origin } = settings.portal;
  supervisor.start(label, process.execPath, ["--import", "tsx", join(rootDir, "server", "src", "server.ts")], {
    cwd: rootDir,
    env: {
      ...process.env,
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
