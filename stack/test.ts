// `npm test`: typecheck, web unit tests, then the server (tap) and browser
// (Playwright) suites against one real stack started on free ports.
// `npm test -- <suite>…` runs some of them: types, lint, web, server, e2e.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startPortal } from "./portal.js";
import { rootDir } from "./settings.js";
import { Supervisor } from "./supervisor.js";
import { startTestStack, testStackEnv, type TestStack } from "./testing/test-stack.js";
import { buildWeb } from "./web-build.js";

const suites = ["types", "lint", "web", "server", "e2e"] as const;
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
const say = (line: string) => supervisor.log("test", line);
const bin = (name: string) => join(rootDir, "node_modules", ".bin", name);

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  say(`── ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: rootDir, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", (error) => {
      say(`${label}: ${error.message}`);
      resolve(false);
    });
    child.on("exit", (code) => resolve(code === 0));
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
  if (!(await run("apt-get update", "apt-get", ["update", "-qq"], env)) ||
      !(await run("apt-get install chromium", "apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], env))) {
    throw new Error("could not install Chromium; install it by hand (apt-get install chromium) and run again");
  }
}

const results: [string, boolean][] = [];
let stack: TestStack | undefined;
const started = Date.now();

try {
  if (selected.has("types")) {
    results.push(["types (server, stack)", await run("typecheck server and stack", bin("tsc"), ["-p", "server"])]);
    results.push(["types (web)", await run("typecheck web", bin("tsc"), ["-p", "web"])]);
    results.push(["types (browser tests)", await run("typecheck browser tests", bin("tsc"), ["-p", "e2e"])]);
  }
  if (selected.has("lint")) {
    results.push(["lint (web)", await run("lint (eslint)", bin("eslint"), ["--max-warnings=0", "web/src"])]);
  }
  if (selected.has("web")) {
    results.push(["web unit tests", await run("web unit tests (vitest)", bin("vitest"), ["run", "--config", "web/vite.config.ts"])]);
  }
  if (selected.has("server") || selected.has("e2e")) {
    say("── starting the test stack (Kratos, Hydra and the mail catcher on free ports)");
    stack = await startTestStack({ progress: true });
    const env: Record<string, string> = {
      [testStackEnv.kratosPublicUrl]: stack.publicUrl,
      [testStackEnv.kratosAdminUrl]: stack.adminUrl,
      [testStackEnv.mailUrl]: stack.mailUrl,
      [testStackEnv.hydraPublicUrl]: stack.hydra.publicUrl,
      [testStackEnv.hydraAdminUrl]: stack.hydra.adminUrl,
      [testStackEnv.portalOrigin]: stack.portalOrigin,
    };
    if (selected.has("server")) {
      // tap applies its plugin list (tsx instead of its ts-node loader) only once rebuilt.
      await supervisor.run("tap", bin("tap"), ["build"], { cwd: rootDir, quiet: true });
      results.push(["server tests (tap)", await run("server tests (tap)", bin("tap"), [], env)]);
    }
    if (selected.has("e2e")) {
      await ensureChromium();
      await buildWeb(supervisor);
      await startPortal(stack.supervisor, stack.settings, stack);
      results.push([
        "browser tests (Playwright)",
        await run("browser tests (Playwright, Chromium)", bin("playwright"), ["test", "--config", "e2e/playwright.config.ts", ...playwrightArgs], {
          ...env,
          CHROMIUM_PATH: chromiumPath,
        }),
      ]);
    }
  }
} catch (error) {
  say(`the test stack failed: ${(error as Error).message}`);
  if (stack) say(stack.supervisor.recentOutput());
  results.push(["test stack", false]);
} finally {
  await stack?.stop();
}

const failed = results.filter(([, ok]) => !ok);
say("── summary");
for (const [name, ok] of results) say(`${ok ? "passed" : "FAILED"}  ${name}`);
say(`took ${Math.round((Date.now() - started) / 1000)}s`);
console.log(`suites: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
