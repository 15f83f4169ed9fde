// `npm test`: typecheck, web unit tests, then the server (tap) and browser
// (Playwright) suites against one real stack started on free ports, on SQLite,
// with the portal as `npm start` runs it; the browser smoke test of `npm run
// dev`'s portal on that stack; then the server suite and the browser journeys
// tagged @postgres again on a throw-away PostgreSQL; then the scale-out stack
// (stack/scale/). The Helm chart is rendered and validated without a cluster
// (deploy/helm/test/). Last, the operator's path: docker-compose.yml brought up by
// docs/production.md's own commands on the machine's Docker engine, with images
// built here (stack/compose/), and journeys through its HTTPS in Chromium.
// `npm test -- <suite>…` runs some of them: types, lint, web, chart, server,
// e2e, e2e-dev, server-pg, e2e-pg, scale, compose.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import { composeSuiteEnv, startComposeStack, type ComposeStack } from "./compose/compose-stack.js";
import { imageFigures } from "./compose/figures.js";
import { startPortal } from "./portal.js";
import { rootDir } from "./settings.js";
import { failedTestLine } from "./failure-lines.js";
import { Supervisor } from "./supervisor.js";
import { stackEnv, startTestStack, testStackEnv, type TestDatabase, type TestStack } from "./test-stack.js";

const suites = ["types", "lint", "web", "chart", "server", "e2e", "e2e-dev", "server-pg", "e2e-pg", "scale", "compose"] as const;
type Suite = (typeof suites)[number];

// Arguments after a second `--` go to Playwright, e.g. `npm test -- e2e -- --grep logout`.
const args = process.argv.slice(2);
const split = args.indexOf("--");
const requested = split < 0 ? args : args.slice(0, split);
const playwrightArgs = split < 0 ? [] : args.slice(split + 1);
const unknown = requested.filter((name) => !(suites as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(", ")}; the suites are ${suites.join(", ")}`);
  process.exit(2);
}
const selected = new Set<Suite>(requested.length > 0 ? (requested as Suite[]) : suites);

const supervisor = new Supervisor();
const say = (line: string) => {
  supervisor.log("test", line);
};
const bin = (name: string) => join(rootDir, "node_modules", ".bin", name);

/** What a signal must stop before the runner exits: the suite running now, and the test stack it runs against. */
const running: { suite?: ChildProcess; stack?: TestStack; compose?: ComposeStack } = {};

/**
 * A suite is interrupted as Ctrl-C would: Playwright and tap then run their teardowns, which stop the stacks that
 * tests started of their own (a SIGTERM would leave them running). The runner's stack goes after, or after 30 s.
 */
async function interrupt(signal: NodeJS.Signals): Promise<never> {
  say(`${signal} received: stopping the suite and the test stack…`);
  const suite = running.suite;
  if (suite && suite.exitCode === null && suite.signalCode === null) {
    const exited = new Promise((resolve) => suite.once("exit", resolve));
    // Ctrl-C reached the suite already (one process group); a second one would stop it without its teardowns.
    if (signal !== "SIGINT") suite.kill("SIGINT");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  }
  await Promise.all([running.stack?.stop(), running.compose?.down(), supervisor.stopAll()]);
  process.exit(1);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, (name) => void interrupt(name));

/** How many of a failed suite's lines the summary repeats: CI shows the end of the output, past the suite's own. */
const failureLinesKept = 30;

interface RunResult {
  ok: boolean;
  /** The lines naming failed tests; if none did, the last lines the command printed. */
  failures: string[];
}

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  say(`── ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: rootDir, stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...env } });
    running.suite = child;
    const failed: string[] = [];
    const last: string[] = [];
    const record = (text: string) => {
      const line = stripVTControlCharacters(text);
      if (line.trim() === "") return;
      if (failedTestLine.test(line) && failed.length < failureLinesKept) failed.push(line);
      last.push(line);
      if (last.length > failureLinesKept) last.shift();
    };
    // The output goes on as it comes; its lines are read beside it.
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      from.pipe(to, { end: false });
      createInterface({ input: from, crlfDelay: Infinity }).on("line", record);
    }
    const failures = () => (failed.length > 0 ? failed : last);
    child.on("error", (error) => {
      say(`${label}: ${error.message}`);
      resolve({ ok: false, failures: [error.message] });
    });
    // A process the suite left running may hold its output open: the last lines get two seconds after the exit.
    child.on("exit", (code) => {
      const closed = new Promise((done) => child.once("close", done));
      void Promise.race([closed, new Promise((done) => setTimeout(done, 2000).unref())]).then(() => {
        resolve(code === 0 ? { ok: true, failures: [] } : { ok: false, failures: failures() });
      });
    });
  });
}

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

async function ensureChromium(): Promise<void> {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${chromiumPath}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH`);
  }
  say("installing Chromium from Debian's packages for the browser tests…");
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  if (
    !(await run("apt-get update", "apt-get", ["update", "-qq"], env)).ok ||
    !(await run("apt-get install chromium", "apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], env)).ok
  ) {
    throw new Error("could not install Chromium; install it by hand (apt-get install chromium) and run again");
  }
}

const results: { name: string; ok: boolean; seconds?: number; failures?: string[] }[] = [];
const started = Date.now();

/** Runs one suite's command and records whether it passed and how long it took. */
async function suite(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const suiteStarted = Date.now();
  const { ok, failures } = await run(name, command, args, env);
  results.push({ name, ok, seconds: Math.round((Date.now() - suiteStarted) / 1000), failures });
}

/** The browser journeys that also run on PostgreSQL carry this tag in their title. */
const postgresTag = "@postgres";

/**
 * Playwright's arguments narrowed to the tests with this tag. A --grep of the
 * caller's narrows further: Playwright keeps only the last --grep, so both
 * become one pattern that asks for each.
 */
function taggedOnly(tag: string, args: string[]): string[] {
  const at = args.findIndex((arg) => arg === "--grep" || arg === "-g");
  const asked = at >= 0 ? args[at + 1] : undefined;
  if (asked === undefined) return ["--grep", tag, ...args];
  return [...args.slice(0, at), "--grep", `^(?=.*${tag})(?=.*(?:${asked}))`, ...args.slice(at + 2)];
}

/** Playwright against the stack's portal; the caller started the portal. */
function browserTests(label: string, stack: TestStack, args: string[], env: Record<string, string> = {}): Promise<void> {
  return suite(label, bin("playwright"), ["test", "--config", "e2e/playwright.config.ts", ...args], {
    ...stackEnv(stack),
    CHROMIUM_PATH: chromiumPath,
    ...env,
  });
}

/**
 * After a failed suite, the error lines the stack's processes printed meanwhile (Kratos, Hydra, the portal), from
 * the mark taken before it: the summary repeats them with the failed tests, since CI shows only the end of the
 * output. An earlier suite's expected errors (the server tests' refused OIDC callbacks) stay out.
 */
function sayStackErrors(stack: TestStack, since: number): void {
  const last = results.at(-1);
  if (!last || last.ok) return;
  last.failures = [...(last.failures ?? []), ...stack.supervisor.recentErrors(since).map((line) => `stack: ${line}`)];
}

/** The server suite and/or browser tests against one stack on the given database; on SQLite also `npm run dev`'s smoke test. */
async function againstStack(database: TestDatabase, server: boolean, e2e: boolean, e2eDev = false): Promise<void> {
  if (!server && !e2e && !e2eDev) return;
  const on = database === "postgres" ? " on PostgreSQL" : "";
  let stack: TestStack | undefined;
  try {
    say(`── starting the test stack${on || " on SQLite"} (Kratos and its courier, Hydra and the mail catcher on free ports)`);
    const stackStarted = Date.now();
    // npm run dev's smoke test checks that the data folder is not handed out where npm run dev keeps it: in the checkout.
    stack = await startTestStack({ progress: true, database, ...(e2eDev ? { dataParent: join(rootDir, ".data") } : {}) });
    running.stack = stack;
    say(`the test stack${on} is up in ${Math.round((Date.now() - stackStarted) / 1000)}s`);
    const env = stackEnv(stack);
    if (server) {
      // tap applies its plugin list (tsx instead of its ts-node loader) only once rebuilt.
      await supervisor.run("tap", bin("tap"), ["build"], { cwd: rootDir, quiet: true });
      const errorsBefore = stack.supervisor.errorCount();
      await suite(`server tests (tap)${on}`, bin("tap"), [], env);
      sayStackErrors(stack, errorsBefore);
    }
    // Every browser test opens its pages from one address, a few hundred new flows and, repeated
    // (--repeat-each), dozens of invitation and undo links in a run; the limits' own tests (server/test) build
    // portals of their own, and so does the proof-of-work check's (e2e/proof-of-work.spec.ts): here every test's
    // wrong password and mail counts against that one address, which no real network resembles.
    const portalEnv = {
      LIMIT_FLOW_IP: "10000/15m",
      LIMIT_INVITATION_LINK: "10000/15m",
      LIMIT_UNDO_LINK: "10000/15m",
      CHALLENGE_FROM: "off",
    };
    if (e2e) {
      await ensureChromium();
      const errorsBefore = stack.supervisor.errorCount();
      // The portal as `npm start` runs it: the same startPortal, which builds the app when its sources changed.
      await startPortal(stack.supervisor, stack.settings, stack, { env: portalEnv });
      await browserTests(
        `browser tests (Playwright, Chromium)${on}`,
        stack,
        database === "postgres" ? taggedOnly(postgresTag, playwrightArgs) : playwrightArgs,
      );
      sayStackErrors(stack, errorsBefore);
    }
    if (e2eDev) {
      await ensureChromium();
      if (e2e) await stack.supervisor.stop("portal");
      // The portal as `npm run dev` runs it, on the same port; its smoke test alone (e2e/playwright.config.ts).
      await startPortal(stack.supervisor, stack.settings, stack, { dev: true, env: portalEnv });
      await browserTests("`npm run dev`'s portal: browser smoke test (Playwright, Chromium)", stack, playwrightArgs, {
        [testStackEnv.portalMode]: "dev",
        [testStackEnv.dataDir]: stack.settings.dataDir,
      });
    }
  } catch (error) {
    say(`the test stack${on} failed: ${(error as Error).message}`);
    if (stack) say(stack.supervisor.recentOutput());
    results.push({ name: `test stack${on}`, ok: false });
  } finally {
    await stack?.stop();
    running.stack = undefined;
  }
}

if (selected.has("types")) {
  await suite("typecheck the contract", bin("tsc"), ["-p", "contract"]);
  await suite("typecheck the catalogs", bin("tsc"), ["-p", "locales"]);
  await suite("typecheck server, stack, tools, bench and tests", bin("tsc"), ["-p", "server"]);
  await suite("typecheck web", bin("tsc"), ["-p", "web"]);
  await suite("typecheck browser tests", bin("tsc"), ["-p", "e2e"]);
}
if (selected.has("lint")) {
  // The files each part of eslint.config.js names: the contract, the app, the server, the stack, the tools, the bench and the tests.
  await suite("lint (eslint)", bin("eslint"), ["--max-warnings=0", "."]);
  await suite("format (prettier --check; npm run format fixes it)", bin("prettier"), ["--check", "."]);
}
if (selected.has("web")) {
  await suite("web unit tests (vitest)", bin("vitest"), ["run", "--config", "web/vite.config.ts"]);
}
if (selected.has("chart")) {
  // Builds Helm from its Go module on the first run, like Kratos and Hydra.
  await supervisor.run("tap", bin("tap"), ["build"], { cwd: rootDir, quiet: true });
  await suite("Helm chart (tap)", bin("tap"), ["--timeout", "900", "deploy/helm/test/chart.test.ts"]);
}
await againstStack("sqlite", selected.has("server"), selected.has("e2e"), selected.has("e2e-dev"));
await againstStack("postgres", selected.has("server-pg"), selected.has("e2e-pg"));
if (selected.has("scale")) {
  // The scale-out test starts its own stack: PostgreSQL, Redis, two of each service.
  await supervisor.run("tap", bin("tap"), ["build"], { cwd: rootDir, quiet: true });
  await suite("scale-out stack (tap)", bin("tap"), ["--timeout", "900", "stack/scale/scale.test.ts"]);
}

/**
 * docker-compose.yml as docs/production.md starts it, then the operator's journeys (e2e/compose/) through its
 * HTTPS; its containers and volumes are removed afterwards, its images kept for the next run.
 */
async function composeSuite(): Promise<void> {
  let stack: ComposeStack | undefined;
  const work = mkdtempSync(join(tmpdir(), "account-portal-compose-ca-"));
  try {
    say("── docker-compose.yml by docs/production.md's commands (Compose and the images built here on a first run)");
    const started = Date.now();
    stack = await startComposeStack((line) => {
      supervisor.progress("compose", line);
    });
    running.compose = stack;
    say(`the compose stack is up in ${Math.round((Date.now() - started) / 1000)}s`);
    await ensureChromium();
    // Node's fetch in the tests (openid-client at Hydra's https issuer) trusts Caddy's authority; Chromium is told to.
    const authority = join(work, "caddy-root.crt");
    writeFileSync(authority, stack.rootCertificate);
    await suite(
      "the operator's path: docker compose, through HTTPS (Playwright, Chromium)",
      bin("playwright"),
      ["test", "--config", "e2e/compose/playwright.config.ts", ...playwrightArgs],
      { ...composeSuiteEnv(stack), NODE_EXTRA_CA_CERTS: authority, CHROMIUM_PATH: chromiumPath },
    );
    await imageFigures(stack, (line) => {
      say(`figure: ${line}`);
    }).catch((error: unknown) => {
      say(`the image's figures could not be read: ${(error as Error).message}`);
    });
  } catch (error) {
    say(`the compose stack failed: ${(error as Error).message}`);
    results.push({ name: "compose stack", ok: false, failures: [(error as Error).message.split("\n")[0]] });
  } finally {
    await stack?.down().catch((error: unknown) => {
      say(`docker compose down failed: ${(error as Error).message}`);
    });
    running.compose = undefined;
    rmSync(work, { recursive: true, force: true });
  }
}

if (selected.has("compose")) await composeSuite();

const failed = results.filter(({ ok }) => !ok);
say("── summary");
for (const { name, ok, seconds } of results) say(`${ok ? "passed" : "FAILED"}  ${name}${seconds === undefined ? "" : ` (${seconds}s)`}`);
for (const { name, failures } of failed) {
  if (!failures?.length) continue;
  say(`── what failed in ${name}`);
  for (const line of failures) say(line);
}
say(`took ${Math.round((Date.now() - started) / 1000)}s`);
console.log(`suites: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
