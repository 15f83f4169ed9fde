// The operator's path, as docs/production.md writes it: its shell blocks are
// read from the page and run as written (bash), on this machine's Docker
// engine, with Compose v2 built from its Go module (launchers/compose) and the
// images built here (images.ts). The laptop's commands are the ones run: the
// production file with docker-compose.dev.yml (https://localhost from Caddy's
// own authority, a mail catcher). What the suite adds to the operator's
// environment: the stand-in images' names, its own project name (so that it
// never touches a project of yours), and Docker's plugin folder.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildLauncher, composeLauncher } from "../go-build.js";
import { rootDir } from "../settings.js";
import { testStackEnv } from "../test-stack.js";
import { buildComposeImages, runCommand } from "./images.js";

type Log = (line: string) => void;

/** The page the operator follows, and the shell blocks on it. */
export const productionDoc = join(rootDir, "docs", "production.md");

export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1].trim());
}

/** The blocks of docs/production.md, each named by what it does; every block is one of these (doc-commands.test.ts). */
export interface OperatorCommands {
  /** Makes the secrets (export … $(openssl rand …)). */
  secrets: string;
  /** Makes the breach range service's certificate and file (npm run breach-range-file). */
  breachRange: string;
  /** The production site's settings and `up`: not run here (a real domain and Let's Encrypt); the laptop's is. */
  production: string;
  /** The first admin, in production. */
  firstAdmin: string;
  /** `up` on a laptop: the production file with docker-compose.dev.yml. */
  laptop: string;
  /** The first admin on a laptop. */
  laptopFirstAdmin: string;
}

export function operatorCommands(markdown = readFileSync(productionDoc, "utf8")): OperatorCommands {
  const blocks = shellBlocks(markdown);
  const one = (what: string, test: (block: string) => boolean): string => {
    const found = blocks.filter(test);
    if (found.length !== 1)
      throw new Error(`docs/production.md has ${found.length} shell blocks that ${what}; the compose suite needs one`);
    return found[0];
  };
  const laptop = (block: string) => block.includes("docker-compose.dev.yml");
  const commands = {
    secrets: one("make the secrets", (block) => block.startsWith("export KRATOS_SECRETS_COOKIE=")),
    breachRange: one("make the breach range service's certificate and file", (block) => block.includes("breach-range-file")),
    production: one("start production", (block) => !laptop(block) && / up /.test(block)),
    firstAdmin: one("make the first admin", (block) => !laptop(block) && block.includes("admin-role.mjs grant")),
    laptop: one("start it on a laptop", (block) => laptop(block) && / up /.test(block)),
    laptopFirstAdmin: one("make the first admin on a laptop", (block) => laptop(block) && block.includes("admin-role.mjs grant")),
  };
  const named = new Set(Object.values(commands));
  const others = blocks.filter((block) => !named.has(block));
  if (others.length > 0) throw new Error(`docs/production.md has shell blocks the compose suite does not know:\n${others.join("\n---\n")}`);
  return commands;
}

/** `docker compose` with the laptop's options (--env-file, -f …), as its `up` block writes them. */
export function laptopCompose(commands: OperatorCommands): string {
  const at = commands.laptop.indexOf(" up ");
  return commands.laptop.slice(0, at);
}

/** The address the docs' first-admin command names, replaced by the person's who signed up. */
export const docsAdminAddress = "ada@example.org";

export interface ComposeStack {
  /** The environment the docs' commands ran in (secrets, images, project): every later `docker compose` needs it. */
  env: Record<string, string>;
  /** `docker compose …` with the laptop's options; its output. */
  compose(args: string): Promise<string>;
  /** The docs' first-admin command for this address; its output. */
  grantAdmin(email: string): Promise<string>;
  /** Caddy's root certificate (PEM), which signed https://localhost's. */
  rootCertificate: string;
  /** Removes the containers, the volumes and the network. */
  down(): Promise<void>;
}

/** The suite's own project: `docker compose ls` tells it from an operator's. */
export const composeProject = "account-portal-test";

async function dockerRuns(): Promise<void> {
  try {
    await runCommand("docker", ["info", "--format", "{{.ServerVersion}}"]);
  } catch (error) {
    throw new Error(
      `the compose suite needs a running Docker engine (apt-get install docker.io, then start dockerd; .ci/run does both): ${(error as Error).message}`,
    );
  }
}

/** The laptop's settings file (config/compose/dev.env), as compose reads it. */
export function laptopSettings(): Record<string, string> {
  const lines = readFileSync(join(rootDir, "config", "compose", "dev.env"), "utf8").split("\n");
  return Object.fromEntries(
    lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/** Where the laptop's override publishes the mail catcher's web API (docker-compose.dev.yml). */
export const laptopMailUrl = "http://127.0.0.1:1080";

/** What the browser tests of the compose suite (e2e/compose/) are handed: the commands' environment and the addresses. */
export function composeSuiteEnv(stack: ComposeStack): Record<string, string> {
  const { PORTAL_ORIGIN, HYDRA_ORIGIN } = laptopSettings();
  return {
    ...stack.env,
    [testStackEnv.portalOrigin]: PORTAL_ORIGIN,
    [testStackEnv.mailUrl]: laptopMailUrl,
    [testStackEnv.hydraIssuer]: HYDRA_ORIGIN,
    [testStackEnv.hydraPublicUrl]: HYDRA_ORIGIN,
  };
}

/** Runs a command of the docs in bash, in this process's environment (the suite's tests get the one the docs' commands made). */
export const runInShell = (command: string, env: Record<string, string> = {}) =>
  runCommand("bash", ["-euo", "pipefail", "-c", command], { env });

export async function startComposeStack(log: Log): Promise<ComposeStack> {
  await dockerRuns();
  const compose = await buildLauncher(composeLauncher, log);
  const work = mkdtempSync(join(tmpdir(), "account-portal-compose-"));
  const dockerConfig = join(work, "docker");
  mkdirSync(join(dockerConfig, "cli-plugins"), { recursive: true });
  symlinkSync(compose, join(dockerConfig, "cli-plugins", "docker-compose"));
  const images = await buildComposeImages(log);
  const commands = operatorCommands();
  const suiteEnv = { ...images, COMPOSE_PROJECT_NAME: composeProject, DOCKER_CONFIG: dockerConfig };

  // The secrets block, then the environment it left: what an operator's shell holds afterwards.
  const script = join(work, "secrets.sh");
  writeFileSync(script, `set -euo pipefail\n${commands.secrets}\nenv -0\n`);
  chmodSync(script, 0o700);
  const before = new Set(Object.keys(process.env));
  const secrets = Object.fromEntries(
    (await runCommand("bash", [script], { env: suiteEnv }))
      .split("\0")
      .map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)] as const)
      .filter(([name]) => name !== "" && !before.has(name) && !(name in suiteEnv) && !["_", "SHLVL", "PWD", "OLDPWD"].includes(name)),
  );
  rmSync(script);
  const env = { ...suiteEnv, ...secrets };
  const prefix = laptopCompose(commands);

  const stack: ComposeStack = {
    env,
    compose: (args) => runInShell(`${prefix} ${args}`, env),
    grantAdmin: (email) => runInShell(commands.laptopFirstAdmin.replaceAll(docsAdminAddress, email), env),
    rootCertificate: "",
    down: async () => {
      await runInShell(`${prefix} down --volumes --remove-orphans --timeout 10`, env);
      rmSync(work, { recursive: true, force: true });
    },
  };
  // A project the last run left (stopped by a signal): gone first, with its volumes.
  await stack.compose("down --volumes --remove-orphans --timeout 10");
  log(`running docs/production.md's commands: ${commands.breachRange}`);
  await runInShell(commands.breachRange, env);
  log(`running docs/production.md's commands: ${commands.laptop}`);
  const started = Date.now();
  try {
    await runCommand("bash", ["-euo", "pipefail", "-c", commands.laptop], {
      env,
      log: (line) => {
        if (/Built|Healthy|Error|error/.test(line)) log(line);
      },
    });
  } catch (error) {
    log(await stack.compose("logs --no-color --tail 30").catch((reason: unknown) => String(reason)));
    throw error;
  }
  log(`up and healthy in ${Math.round((Date.now() - started) / 1000)}s`);
  stack.rootCertificate = await stack.compose("exec -T proxy cat /data/caddy/pki/authorities/local/root.crt");
  return stack;
}
