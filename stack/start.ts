// `npm start` and `npm run dev` (--dev): build what is missing, then run the
// mail catcher, Kratos and its courier, Hydra and the portal until Ctrl-C or
// SIGTERM, or until one of them dies. `npm start`'s portal serves Vite's build
// of the app, as the image and every test suite do (stack/portal.ts); `npm run
// dev`'s serves the app from its sources through Vite's dev server
// (server/src/web/dev-web.ts): a change shows in the browser without a build.
import { isAbsolute, join, relative } from "node:path";
import { ConfigError } from "#contract/env-values.js";
import { devServedFolders } from "#contract/dev-files.js";
import { startBreachRange } from "./breach-range.js";
import { startExampleSso } from "./example-sso.js";
import { buildLauncher, hydraLauncher, kratosLauncher } from "./go-build.js";
import { startHydra } from "./hydra.js";
import { startCourier, startKratos } from "./kratos.js";
import { startMailCatcher } from "./mail-catcher.js";
import { startPortal } from "./portal.js";
import { readSettings, rootDir } from "./settings.js";
import { assertPortFree, freePort, Supervisor } from "./supervisor.js";
import { buildWeb } from "./web-build.js";

const dev = process.argv.includes("--dev");

const supervisor = new Supervisor();
const say = (line: string) => {
  supervisor.log("stack", line);
};
let shuttingDown = false;

async function shutdown(reason: string, code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    say(reason);
    say("stopping everything…");
    await supervisor.stopAll();
  }
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => void shutdown(`${signal} received`, 0));
}
void supervisor.death.then((reason) => shutdown(reason, 1));

/** `npm run dev` hands out the files of these folders: the stack's secrets and databases must be in none of them. */
function assertNotServed(dataDir: string): void {
  for (const folder of devServedFolders) {
    const inside = relative(join(rootDir, folder), dataDir);
    if (inside === "" || (!inside.startsWith("..") && !isAbsolute(inside))) {
      throw new ConfigError(`DATA_DIR (${dataDir}) is inside ${folder}/, whose files npm run dev serves: put the stack's data elsewhere`);
    }
  }
}

try {
  const started = Date.now();
  // Kratos' web hooks call the portal on a port of their own, which nobody types: any free one.
  const settings = readSettings({ ...process.env, PORTAL_INTERNAL_PORT: process.env.PORTAL_INTERNAL_PORT || String(await freePort()) });
  if (dev) assertNotServed(settings.dataDir);
  await Promise.all([
    assertPortFree(settings.portal.port, "PORTAL_PORT"),
    assertPortFree(settings.portal.internalPort, "PORTAL_INTERNAL_PORT"),
    assertPortFree(settings.kratos.publicPort, "KRATOS_PUBLIC_PORT"),
    assertPortFree(settings.kratos.adminPort, "KRATOS_ADMIN_PORT"),
    assertPortFree(settings.hydra.publicPort, "HYDRA_PUBLIC_PORT"),
    assertPortFree(settings.hydra.adminPort, "HYDRA_ADMIN_PORT"),
    assertPortFree(settings.mail.smtpPort, "MAIL_SMTP_PORT"),
    assertPortFree(settings.mail.webPort, "MAIL_WEB_PORT"),
    assertPortFree(settings.breachRange.port, "BREACH_RANGE_PORT"),
    ...(settings.exampleSso
      ? [
          assertPortFree(settings.exampleSso.publicPort, "EXAMPLE_SSO_PORT"),
          assertPortFree(settings.exampleSso.adminPort, "EXAMPLE_SSO_ADMIN_PORT"),
          assertPortFree(settings.exampleSso.appPort, "EXAMPLE_SSO_APP_PORT"),
        ]
      : []),
  ]);
  const buildLog = (line: string) => {
    supervisor.progress("build", line);
  };
  // One Go build after the other: on a small machine two in parallel only fight for the cores.
  const goBuilds = (async () => {
    const kratos = await buildLauncher(kratosLauncher, buildLog);
    return { kratos, hydra: await buildLauncher(hydraLauncher, buildLog) };
  })();
  // The app's build (npm start) runs beside the Go builds and the services' start: only the portal waits for it.
  const webBuild = dev ? Promise.resolve() : buildWeb(supervisor);
  // A failed build is reported where the portal waits for it, not as a rejection nobody handled meanwhile.
  webBuild.catch(() => undefined);
  const binaries = await goBuilds;
  const [, breachRange] = await Promise.all([startMailCatcher(supervisor, settings), startBreachRange(supervisor, settings)]);
  // Kratos and Hydra call each other's admin APIs only per request: they can start together. So does Example
  // SSO, which Kratos asks only when someone signs in with it.
  const [kratos, hydra, exampleSso] = await Promise.all([
    startKratos(supervisor, settings, { binary: binaries.kratos }),
    startHydra(supervisor, settings, { binary: binaries.hydra }),
    settings.exampleSso ? startExampleSso(supervisor, settings, settings.exampleSso, { binary: binaries.hydra }) : undefined,
  ]);
  startCourier(supervisor, settings, { binary: binaries.kratos });
  await webBuild;
  const portal = await startPortal(supervisor, settings, kratos, { dev });
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  say(
    dev
      ? `  portal        ${portal}  (the app from its sources through Vite: a change shows without a build)`
      : `  portal        ${portal}  (the built app, as the image serves it; npm run dev for hot updates)`,
  );
  say(`  mail catcher  http://localhost:${settings.mail.webPort}  (verification and recovery codes arrive here)`);
  say(`  breach range  ${breachRange}  (Kratos refuses the passwords it knows: ${settings.breachRange.file ?? "the tests' list"})`);
  say(`  kratos admin  ${kratos.adminUrl}  (loopback only)`);
  say(`  hydra         ${hydra.issuer}  (OAuth2/OpenID Connect issuer; admin ${hydra.adminUrl}, loopback only)`);
  if (exampleSso) say(`  example sso   ${exampleSso.issuer}  (a test provider: "Sign in with Example SSO"; EXAMPLE_SSO=off leaves it out)`);
  say("press Ctrl-C to stop");
} catch (error) {
  await shutdown(`cannot start: ${(error as Error).message}`, 1);
}
