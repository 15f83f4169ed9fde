// The portal as the Docker image holds it, in .bin/portal-release/: the
// compiled contract and server (tsc, contract/ and server/tsconfig.build.json)
// and the built app, with
// production dependencies only (npm ci --omit=dev in a folder of its own, as
// the Dockerfile's deps stage). Rebuilt when the server's sources, the app or
// the lock file changed.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { binDir } from "./go-build.js";
import { rootDir } from "./settings.js";
import type { Supervisor } from "./supervisor.js";
import { buildWeb, webDist } from "./web-build.js";

export const releaseDir = join(binDir, "portal-release");
const lockFile = join(rootDir, "package-lock.json");

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    // A build's output (contract/dist) is not a source.
    if (entry.isDirectory()) {
      if (entry.name !== "dist") hashTree(hash, path);
    } else hash.update(`${relative(rootDir, path)}:${statSync(path).size}\n`).update(readFileSync(path));
  }
}

/** Builds the release folder unless it is up to date; returns it. */
export async function buildRelease(supervisor: Supervisor): Promise<string> {
  await buildWeb(supervisor);
  const hash = createHash("sha256").update(readFileSync(lockFile));
  hashTree(hash, join(rootDir, "server", "src"));
  hashTree(hash, join(rootDir, "contract"));
  hash.update(readFileSync(join(rootDir, "server", "tsconfig.build.json")));
  hash.update(readFileSync(join(webDist, ".fingerprint")));
  const expected = hash.digest("hex");
  const stamp = join(releaseDir, ".fingerprint");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === expected) return releaseDir;

  supervisor.progress("release", "compiling the contract and the server (tsc -p contract/tsconfig.build.json, server/tsconfig.build.json)");
  const serverDist = join(rootDir, "server", "dist");
  const contractDist = join(rootDir, "contract", "dist");
  const tsc = join(rootDir, "node_modules", "typescript", "bin", "tsc");
  for (const [dist, project] of [
    [contractDist, join(rootDir, "contract", "tsconfig.build.json")],
    [serverDist, join(rootDir, "server", "tsconfig.build.json")],
  ]) {
    rmSync(dist, { recursive: true, force: true });
    await supervisor.run("release", process.execPath, [tsc, "-p", project], { cwd: rootDir, quiet: true });
  }

  mkdirSync(releaseDir, { recursive: true });
  rmSync(stamp, { force: true });
  const lockStamp = join(releaseDir, "node_modules", ".lock-hash");
  const lockHash = createHash("sha256").update(readFileSync(lockFile)).digest("hex");
  if (!existsSync(lockStamp) || readFileSync(lockStamp, "utf8") !== lockHash) {
    supervisor.progress("release", "installing production dependencies (npm ci --omit=dev)");
    cpSync(join(rootDir, "package.json"), join(releaseDir, "package.json"));
    cpSync(lockFile, join(releaseDir, "package-lock.json"));
    await supervisor.run("release", "npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], { cwd: releaseDir, quiet: true });
    writeFileSync(lockStamp, lockHash);
  }
  cpSync(join(rootDir, "package.json"), join(releaseDir, "package.json"));
  for (const [from, to] of [
    [serverDist, join(releaseDir, "server", "dist")],
    // Where package.json's "imports" (#contract/*) points, as in the image.
    [contractDist, join(releaseDir, "contract")],
    [webDist, join(releaseDir, "web", "dist")],
  ] as const) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
  writeFileSync(stamp, expected);
  return releaseDir;
}
