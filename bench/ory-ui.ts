// Ory's reference UI (kratos-selfservice-ui-node) beside the portal, for
// `BENCH_ORY_UI=<checkout> npm run bench -- pages`: a checkout of it after its
// own `npm ci && npm run build` (lib/index.js), on a Kratos of its own with the
// stack's binary and configuration (the same hashers, schema and flows; its own
// SQLite database and ports, its flows' pages on Ory's UI), served by the
// image's Node. Nothing of Ory's UI is part of this repository.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Cookie } from "@playwright/test";
import { merge } from "../stack/config-tree.js";
import { buildLauncher, kratosLauncher } from "../stack/go-build.js";
import { startKratos } from "../stack/kratos.js";
import { freePort } from "../stack/supervisor.js";
import { testKratosConfig, type TestStack } from "../stack/test-stack.js";
import { createIdentity } from "../testing/identities.js";

export interface OryUi {
  origin: string;
  /** The cookies of a person signed in on Ory's UI's Kratos (for /settings). */
  cookies: Cookie[];
}

export async function startOryUi(stack: TestStack, checkout: string, node: string, context: BrowserContext): Promise<OryUi> {
  const entry = join(checkout, "lib", "index.js");
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm ci && npm run build\` in ${checkout} first`);
  const [uiPort, publicPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${uiPort}`;
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  const dataDir = join(stack.settings.dataDir, "ory-ui");
  const settings = {
    ...stack.settings,
    dataDir,
    // Kratos' flows name Ory's UI's pages (/login, /settings…, the same paths as the portal's).
    portal: { ...stack.settings.portal, origin },
    kratos: { ...stack.settings.kratos, publicPort, adminPort, dsn: `sqlite://${join(dataDir, "kratos.sqlite")}?_fk=true&mode=rwc` },
  };
  await startKratos(stack.supervisor, settings, {
    binary: await buildLauncher(kratosLauncher, (line) => {
      stack.supervisor.progress("ory-kratos", line);
    }),
    label: "ory-kratos",
    // Ory's UI has no proxy: browsers reach this Kratos on its own port, on the same host as the UI (cookies are
    // per host, not per port).
    config: merge(testKratosConfig, { serve: { public: { base_url: `${publicUrl}/` } } }),
  });
  stack.supervisor.start("ory-ui", node, [entry], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(uiPort),
      KRATOS_PUBLIC_URL: publicUrl,
      KRATOS_BROWSER_URL: publicUrl,
      KRATOS_ADMIN_URL: adminUrl,
      ORY_SDK_URL: publicUrl,
      COOKIE_SECRET: randomBytes(16).toString("hex"),
      CSRF_COOKIE_NAME: "ory_ui_csrf",
      CSRF_COOKIE_SECRET: randomBytes(16).toString("hex"),
      DANGEROUSLY_DISABLE_SECURE_CSRF_COOKIES: "true",
    },
  });
  await stack.supervisor.waitFor("ory-ui", `${origin}/health/alive`, "Ory's UI");

  // A signed-in person, as the portal's /settings is measured: a session cookie and nothing else.
  const person = await createIdentity(adminUrl, { verified: true, name: { first: "Bench", last: "Person" } });
  const flow = await context.request.get(`${publicUrl}/self-service/login/browser`, { headers: { accept: "application/json" } });
  const { id, ui } = (await flow.json()) as { id: string; ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } };
  const csrf = ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes.value;
  const signedIn = await context.request.post(`${publicUrl}/self-service/login?flow=${id}`, {
    headers: { accept: "application/json" },
    data: { method: "password", identifier: person.email, password: person.password, csrf_token: csrf },
  });
  if (!signedIn.ok()) throw new Error(`sign-in on Ory's UI's Kratos: ${signedIn.status()} ${await signedIn.text()}`);
  return { origin, cookies: (await context.cookies()).filter((cookie) => cookie.name === "ory_kratos_session") };
}
