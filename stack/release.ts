// The portal as the Docker image holds it, in .bin/portal-release/: the
// server bundled into server/dist/server.mjs (server/build.ts, as the
// Dockerfile's `npm run build`), the built app and package.json (whose
// "type": "module" makes the app's server render, web/dist/ssr/*.js, an ES
// module), and nothing else: the bundle holds the server's dependencies. Rebuilt when the server's sources,
// the contract, the catalogs, the app or the lock file changed.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { binDir } from "./go-build.js";
import { rootDir } from "./settings.js";
import type { Supervisor } from "./supervisor.js";
import { buildWeb, webDist } from "./web-build.js";

export const releaseDir = join(binDir, "portal-release");

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, path);
    else hash.update(`${relative(rootDir, path)}:${statSync(path).size}\n`).update(readFileSync(path));
  }
}

/** Builds the release folder unless it is up to date; returns it. */
export async function buildRelease(supervisor: Supervisor): Promise<string> {
  await buildWeb(supervisor);
  const hash = createHash("sha256").update(readFileSync(join(rootDir, "package-lock.json")));
  hashTree(hash, join(rootDir, "server", "src"));
  hashTree(hash, join(rootDir, "contract"));
  hashTree(hash, join(rootDir, "locales"));
  hash.update(readFileSync(join(rootDir, "server", "build.ts"))).update(readFileSync(join(rootDir, "package.json")));
  hash.update(readFileSync(join(webDist, ".fingerprint")));
  const expected = hash.digest("hex");
  const stamp = join(releaseDir, ".fingerprint");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === expected) return releaseDir;

  supervisor.progress("release", "bundling the server (server/build.ts: esbuild)");
  await supervisor.run("release", process.execPath, ["--import", "tsx", join(rootDir, "server", "build.ts")], {
    cwd: rootDir,
    quiet: true,
  });
  // A release folder of an earlier layout (node_modules, the compiled contract) goes as a whole.
  rmSync(releaseDir, { recursive: true, force: true });
  mkdirSync(releaseDir, { recursive: true });
  for (const [from, to] of [
    [join(rootDir, "server", "dist"), join(releaseDir, "server", "dist")],
    [webDist, join(releaseDir, "web", "dist")],
  ] as const) {
    cpSync(from, to, { recursive: true });
  }
  cpSync(join(rootDir, "package.json"), join(releaseDir, "package.json"));
  writeFileSync(stamp, expected);
  return releaseDir;
}
