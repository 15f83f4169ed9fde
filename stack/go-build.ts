// Builds a Go program (Kratos, Hydra, Helm) from its launcher module in
// launchers/<name>, into the git-ignored .bin folder. The build is skipped
// while the launcher's files and build flags are those of the last build.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { rootDir } from "./settings.js";

export interface Launcher {
  name: string;
  tags: string;
  ldflags: string;
  /** The main package to build, when it is a dependency's command rather than the launcher's own main.go. */
  command?: string;
}

export const kratosLauncher: Launcher = {
  name: "kratos",
  tags: "sqlite",
  ldflags: "-X github.com/ory/kratos/driver/config.Version=v1.3.1",
};

export const hydraLauncher: Launcher = {
  name: "hydra",
  // The tags of Hydra's own Makefile: SQLite, without loadable extensions.
  tags: "sqlite,sqlite_omit_load_extension",
  ldflags: "-X github.com/ory/hydra/v2/driver/config.Version=v2.3.0",
};

/** The Kubernetes minor that Helm's client libraries (k8s.io/client-go v0.32) speak, as Helm's own Makefile sets it. */
const helmKubeVersion = { major: "1", minor: "32" };

export const helmLauncher: Launcher = {
  name: "helm",
  tags: "",
  // The flags of Helm's own Makefile: its version, and the Kubernetes version `helm template` and `helm lint` assume.
  ldflags: [
    "-X helm.sh/helm/v3/internal/version.version=v3.17.4",
    `-X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=${helmKubeVersion.major}`,
    `-X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=${helmKubeVersion.minor}`,
    `-X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=${helmKubeVersion.major}`,
    `-X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=${helmKubeVersion.minor}`,
  ].join(" "),
  command: "helm.sh/helm/v3/cmd/helm",
};

/** Docker Compose v2, the `docker compose` of docs/production.md, for the compose suite (stack/compose/). */
export const composeLauncher: Launcher = {
  name: "compose",
  tags: "",
  ldflags: "-X github.com/docker/compose/v2/internal.Version=v2.40.3",
  command: "github.com/docker/compose/v2/cmd",
};

export const binDir = join(rootDir, ".bin");

export function binaryPath(launcher: Launcher): string {
  return join(binDir, launcher.name);
}

function fingerprint(launcher: Launcher): string {
  const dir = join(rootDir, "launchers", launcher.name);
  const hash = createHash("sha256").update(`${launcher.tags}\n${launcher.ldflags}\n`);
  if (launcher.command !== undefined) hash.update(`${launcher.command}\n`);
  for (const file of readdirSync(dir).sort()) hash.update(readFileSync(join(dir, file)));
  return hash.digest("hex");
}

/** Builds the launcher unless an up-to-date binary exists; reports progress while Go works. */
export async function buildLauncher(launcher: Launcher, log: (line: string) => void): Promise<string> {
  const binary = binaryPath(launcher);
  const stampFile = `${binary}.fingerprint`;
  const expected = fingerprint(launcher);
  if (existsSync(binary) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === expected) return binary;

  mkdirSync(binDir, { recursive: true });
  log(`building ${launcher.name} from its Go module (the first build downloads modules and takes a few minutes)`);
  const started = Date.now();
  let compiled = 0;
  let lastPackage = "";
  const progress = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    log(`…${seconds}s, ${compiled} packages compiled${lastPackage ? ` (now ${lastPackage})` : ""}`);
  }, 10_000);
  try {
    await new Promise<void>((resolve, reject) => {
      // -v names each package as it is compiled: our progress indicator.
      const args = ["build", "-v", "-tags", launcher.tags, "-ldflags", launcher.ldflags, "-o", binary, launcher.command ?? "."];
      const child = spawn("go", args, {
        cwd: join(rootDir, "launchers", launcher.name),
        env: { ...process.env, CGO_ENABLED: "1" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      const errors: string[] = [];
      createInterface({ input: child.stderr }).on("line", (line) => {
        if (/^[\w.-]+(\/[\w.\-~]+)+$/.test(line)) {
          compiled += 1;
          lastPackage = line;
        } else {
          errors.push(line);
          if (line.startsWith("go: downloading")) log(line);
        }
      });
      child.on("error", (error) => {
        reject(new Error(`cannot run go (is Go installed and on PATH?): ${error.message}`));
      });
      child.on("exit", (code) => {
        if (code === 0) resolve();
        else reject(new Error(`go build of ${launcher.name} failed:\n${errors.slice(-30).join("\n")}`));
      });
    });
  } finally {
    clearInterval(progress);
  }
  writeFileSync(stampFile, expected);
  log(`built ${launcher.name} in ${Math.round((Date.now() - started) / 1000)}s`);
  return binary;
}
