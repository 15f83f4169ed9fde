// Builds the SPA with Vite when its sources changed since the last build: the
// app for the browser, then the same app for the server's first render of the
// public pages (into dist/ssr/, which the first build empties).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { rootDir } from "./settings.js";
import type { Supervisor } from "./supervisor.js";

const webDir = join(rootDir, "web");
export const webDist = join(webDir, "dist");

function fingerprint(): string {
  const hash = createHash("sha256").update(readFileSync(join(rootDir, "package-lock.json")));
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== webDist && entry.name !== "node_modules" && entry.name !== "dist") visit(path);
      } else {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${relative(webDir, path)}:${size}:${mtimeMs}\n`);
      }
    }
  };
  visit(webDir);
  // The app imports the contract (its constants, and its schemas for their types) and the catalogs.
  visit(join(rootDir, "contract"));
  visit(join(rootDir, "locales"));
  return hash.digest("hex");
}

/** Builds the app unless the last build is of these sources; says what it does while Vite works. */
export async function buildWeb(supervisor: Supervisor): Promise<void> {
  const stamp = join(webDist, ".fingerprint");
  const expected = fingerprint();
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === expected) return;
  supervisor.progress("setup", "building the web app (vite build, then its server render: vite build --ssr)");
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  let step = "vite build";
  const ticker = setInterval(() => {
    supervisor.progress("setup", `…${step}, ${seconds()}s`);
  }, 10_000);
  try {
    const vite = join(rootDir, "node_modules", "vite", "bin", "vite.js");
    const config = ["--config", join(webDir, "vite.config.ts")];
    await supervisor.run("vite", process.execPath, [vite, "build", ...config], { cwd: rootDir });
    step = "vite build --ssr";
    await supervisor.run("vite", process.execPath, [vite, "build", ...config, "--ssr", "src/entry-server.tsx"], { cwd: rootDir });
  } finally {
    clearInterval(ticker);
  }
  writeFileSync(stamp, expected);
  supervisor.progress("setup", `built the web app in ${seconds()}s`);
}
