// `npm start`: builds what is missing, then runs the mail catcher, Kratos and
// the portal until Ctrl-C or SIGTERM, or until one of them dies.
import { buildLauncher, kratosLauncher } from "./go-build.js";
import { startKratos } from "./kratos.js";
import { startMailCatcher } from "./mail-catcher.js";
import { startPortal } from "./portal.js";
import { readSettings } from "./settings.js";
import { assertPortFree, Supervisor } from "./supervisor.js";
import { buildWeb } from "./web-build.js";

const supervisor = new Supervisor();
const say = (line: string) => supervisor.log("stack", line);
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

try {
  const started = Date.now();
  const settings = readSettings();
  await Promise.all([
    assertPortFree(settings.portal.port, "PORTAL_PORT"),
    assertPortFree(settings.kratos.publicPort, "KRATOS_PUBLIC_PORT"),
    assertPortFree(settings.kratos.adminPort, "KRATOS_ADMIN_PORT"),
    assertPortFree(settings.mail.smtpPort, "MAIL_SMTP_PORT"),
    assertPortFree(settings.mail.webPort, "MAIL_WEB_PORT"),
  ]);
  const [kratosBinary] = await Promise.all([
    buildLauncher(kratosLauncher, (line) => supervisor.log("build", line)),
    buildWeb(supervisor),
  ]);
  const mailUrl = await startMailCatcher(supervisor, settings);
  const kratos = await startKratos(supervisor, settings, { binary: kratosBinary });
  const portal = await startPortal(supervisor, settings, kratos);
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  say(`  portal        ${portal}`);
  say(`  mail catcher  http://localhost:${settings.mail.webPort}  (verification and recovery codes arrive here)`);
  say(`  kratos admin  ${kratos.adminUrl}  (loopback only)`);
  say("press Ctrl-C to stop");
} catch (error) {
  await shutdown(`cannot start: ${(error as Error).message}`, 1);
}
