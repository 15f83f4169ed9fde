// The images docker-compose.yml names, built on this machine: no registry is
// reachable where the portal is tested, so nothing is pulled. A Debian base from
// debootstrap (kept while its recipe is unchanged), then a stand-in for each
// image the compose file names (stack/compose/images/<name>/Dockerfile, each
// saying what of the original it keeps), tagged account-portal-test/<name> and
// handed to compose in the variables its `image:` lines read. The portal's own
// image is built by compose from the repository's Dockerfile, on the node
// stand-in (NODE_IMAGE).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildLauncher, hydraLauncher, kratosLauncher } from "../go-build.js";
import { imageNode, imageNodeMajor } from "../image-node.js";
import { rootDir } from "../settings.js";

type Log = (line: string) => void;

/** Runs a command; rejects with its last lines of output when it fails. */
export function runCommand(
  command: string,
  args: string[],
  { env = {}, input, cwd = rootDir, log }: { env?: Record<string, string>; input?: NodeJS.ReadableStream; cwd?: string; log?: Log } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    if (input && child.stdin) input.pipe(child.stdin);
    const out: string[] = [];
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      out.push(text);
      if (log) for (const line of text.split("\n")) if (line.trim() !== "") log(line);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("error", (error) => {
      reject(new Error(`could not run ${command}: ${error.message}`));
    });
    child.on("exit", (code) => {
      const output = out.join("");
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(" ")} failed (${code}):\n${output.split("\n").slice(-40).join("\n")}`));
    });
  });
}

/**
 * The certificate authorities this machine adds to Debian's (/usr/local/share/ca-certificates): where the
 * registries are reached through a proxy that re-signs TLS, the images' npm and apt need them as the host does.
 */
const localAuthorities = "/usr/local/share/ca-certificates";

function localAuthorityFiles(): { name: string; pem: string }[] {
  if (!existsSync(localAuthorities)) return [];
  return readdirSync(localAuthorities)
    .filter((name) => name.endsWith(".crt"))
    .sort()
    .map((name) => ({ name, pem: readFileSync(join(localAuthorities, name), "utf8") }));
}

/** The Debian release, debootstrap's variant and the machine's authorities; a change of any makes a new base. */
const baseRecipe = { suite: "bookworm", variant: "minbase", include: "ca-certificates" };
const baseTag = "account-portal-test/debian:bookworm";
const fingerprintLabel = "org.account-portal.recipe";

async function imageLabel(tag: string): Promise<string | undefined> {
  try {
    return (await runCommand("docker", ["image", "inspect", "--format", `{{ index .Config.Labels "${fingerprintLabel}" }}`, tag])).trim();
  } catch {
    return undefined;
  }
}

/** The Debian base: debootstrap's root file system imported as an image, made again only when its recipe changes. */
async function debianBase(log: Log): Promise<string> {
  const authorities = localAuthorityFiles();
  const recipe = createHash("sha256").update(JSON.stringify({ baseRecipe, authorities })).digest("hex").slice(0, 16);
  if ((await imageLabel(baseTag)) === recipe) return baseTag;
  const mirror = process.env.DEBIAN_MIRROR || "http://deb.debian.org/debian";
  log(`making the Debian base with debootstrap (${baseRecipe.suite}, ${baseRecipe.variant}) from ${mirror}: about a minute`);
  const root = mkdtempSync(join(tmpdir(), "account-portal-debian-"));
  try {
    await runCommand("debootstrap", [`--variant=${baseRecipe.variant}`, `--include=${baseRecipe.include}`, baseRecipe.suite, root, mirror]);
    // apt's downloaded packages are not part of an image.
    rmSync(join(root, "var", "cache", "apt", "archives"), { recursive: true, force: true });
    if (authorities.length > 0) {
      for (const { name, pem } of authorities) writeFileSync(join(root, localAuthorities, name), pem);
      await runCommand("chroot", [root, "update-ca-certificates"]);
    }
    const tar = spawn("tar", ["-C", root, "-c", "."], { stdio: ["ignore", "pipe", "inherit"] });
    await runCommand("docker", ["import", "--change", `LABEL ${fingerprintLabel}=${recipe}`, "--change", 'CMD ["bash"]', "-", baseTag], {
      input: tar.stdout,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return baseTag;
}

/** What a stand-in's build context gets besides its own folder: files from this machine. */
type Extra = (context: string) => Promise<void>;

interface StandIn {
  /** Its folder in stack/compose/images, and its tag's name. */
  name: string;
  /** The variable of docker-compose.yml's `image:` line, and the image it stands in for. */
  variable: string;
  original: string;
  extra?: Extra;
  /** Built on the node stand-in rather than the Debian base. */
  onNode?: boolean;
}

const imagesDir = join(rootDir, "stack", "compose", "images");

async function buildStandIn(standIn: StandIn, args: Record<string, string>, log: Log): Promise<string> {
  const tag = `account-portal-test/${standIn.name}:${standIn.original.split(":")[1] ?? "latest"}`;
  const context = mkdtempSync(join(tmpdir(), `account-portal-image-${standIn.name}-`));
  try {
    cpSync(join(imagesDir, standIn.name), context, { recursive: true });
    await standIn.extra?.(context);
    const buildArgs = Object.entries(args).flatMap(([name, value]) => ["--build-arg", `${name}=${value}`]);
    const started = Date.now();
    // The engine's own builder: Debian's docker.io has no buildx.
    await runCommand("docker", ["build", "--quiet", ...buildArgs, "--tag", tag, context], { env: { DOCKER_BUILDKIT: "0" } });
    log(`${tag} (standing in for ${standIn.original}) built in ${Math.round((Date.now() - started) / 1000)}s`);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  return tag;
}

const copyBinary =
  (path: () => Promise<string>, name: string): Extra =>
  async (context) => {
    copyFileSync(await path(), join(context, name));
  };

/** npm from the npm registry, the major that ships with the image's Node, unpacked into the context's npm/. */
const npmPackage: Extra = async (context) => {
  const npmMajor = imageNodeMajor() >= 24 ? 11 : 10;
  await runCommand("npm", ["pack", `npm@${npmMajor}`, "--silent"], { cwd: context });
  const tarball = readdirSync(context).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack npm@${npmMajor} left no tarball`);
  await runCommand("tar", ["xzf", tarball], { cwd: context });
  cpSync(join(context, "package"), join(context, "npm"), { recursive: true });
  rmSync(join(context, "package"), { recursive: true, force: true });
  rmSync(join(context, tarball));
};

/** Builds every image; the variables that make docker-compose.yml use them. */
export async function buildComposeImages(log: Log): Promise<Record<string, string>> {
  const base = await debianBase(log);
  const binary = (launcher: typeof kratosLauncher) => () => buildLauncher(launcher, log);
  const nodeBinary = copyBinary(async () => (await imageNode(log)).path, "node");
  const node = await buildStandIn(
    {
      name: "node",
      variable: "NODE_IMAGE",
      original: `node:${imageNodeMajor()}-bookworm-slim`,
      extra: async (context) => {
        await nodeBinary(context);
        await npmPackage(context);
      },
    },
    { BASE: base },
    log,
  );
  const standIns: StandIn[] = [
    { name: "kratos", variable: "KRATOS_IMAGE", original: "oryd/kratos:v1.3.1", extra: copyBinary(binary(kratosLauncher), "kratos") },
    { name: "hydra", variable: "HYDRA_IMAGE", original: "oryd/hydra:v2.3.0", extra: copyBinary(binary(hydraLauncher), "hydra") },
    { name: "postgres", variable: "POSTGRES_IMAGE", original: "postgres:16-alpine" },
    { name: "redis", variable: "REDIS_IMAGE", original: "redis:7.2-alpine" },
    { name: "caddy", variable: "CADDY_IMAGE", original: "caddy:2.8-alpine" },
    { name: "maildev", variable: "MAILDEV_IMAGE", original: "maildev/maildev:2.2.1", onNode: true },
  ];
  // Kratos and Hydra first, one Go build at a time; the rest at once (their time is apt's downloads).
  const tags: Record<string, string> = { NODE_IMAGE: node };
  for (const standIn of standIns.filter(({ extra }) => extra !== undefined)) {
    tags[standIn.variable] = await buildStandIn(standIn, { BASE: base }, log);
  }
  const rest = await Promise.all(
    standIns
      .filter(({ extra }) => extra === undefined)
      .map(
        async (standIn) =>
          [standIn.variable, await buildStandIn(standIn, standIn.onNode ? { NODE_IMAGE: node } : { BASE: base }, log)] as const,
      ),
  );
  return { ...tags, ...Object.fromEntries(rest) };
}
