// The mail catcher (maildev): Kratos' verification and recovery codes land here
// in local mode, readable at its web UI and REST API.
import { createRequire } from "node:module";
import type { StackSettings } from "./settings.js";
import type { Supervisor } from "./supervisor.js";

const maildevCli = createRequire(import.meta.url).resolve("maildev/bin/maildev");

export async function startMailCatcher(supervisor: Supervisor, settings: StackSettings): Promise<string> {
  const { smtpPort, webPort } = settings.mail;
  supervisor.start("mail", process.execPath, [
    maildevCli,
    "--smtp",
    String(smtpPort),
    "--web",
    String(webPort),
    "--ip",
    "127.0.0.1",
    "--web-ip",
    "127.0.0.1",
  ]);
  const url = `http://127.0.0.1:${webPort}`;
  await supervisor.waitFor("mail", `${url}/email`, "the mail catcher", 30_000);
  return url;
}
