// Entry point of `npm start`, `npm run dev` and `npm test` on a fresh clone:
// nothing is installed yet, so this file uses Node alone. It installs the npm
// packages when package-lock.json changed since the last install, then hands
// over to the TypeScript command through tsx.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const commands = {
  start: ["stack/start.ts"],
  dev: ["stack/start.ts", "--dev"],
  test: ["stack/test.ts"],
  bench: ["bench/index.ts"],
};
const command = commands[process.argv[2]];
if (!command) {
  console.error(`usage: node stack/bootstrap.mjs ${Object.keys(commands).join("|")}`);
  process.exit(2);
}

const lock = readFileSync(join(root, "package-lock.json"));
const stamp = join(root, "node_modules", ".account-portal-lock-hash");
const lockHash = createHash("sha256").update(lock).digest("hex");
const installed = existsSync(stamp) && readFileSync(stamp, "utf8") === lockHash;
if (!installed) {
  console.log("[setup] installing npm packages (npm ci)…");
  // npm prints nothing while it works when its output is not a terminal (CI).
  const started = Date.now();
  const ticker = setInterval(() => console.log(`[setup] …npm ci, ${Math.round((Date.now() - started) / 1000)}s`), 10_000);
  const status = await new Promise((resolve) => {
    const npm = spawn("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
    npm.on("error", () => resolve(1));
    npm.on("exit", (code) => resolve(code ?? 1));
  });
  clearInterval(ticker);
  if (status !== 0) {
    console.error("[setup] npm ci failed; see the messages above.");
    process.exit(status);
  }
  writeFileSync(stamp, lockHash);
}

// One process for the command (tsx as an import hook, not its CLI), so that a
// signal sent to this process reaches the supervisor, which stops its children.
const [script, ...scriptArgs] = command;
const child = spawn(process.execPath, ["--import", "tsx", join(root, script), ...scriptArgs, ...process.argv.slice(3)], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
