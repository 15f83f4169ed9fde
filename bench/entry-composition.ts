// `npm run bench -- entry`: of what the public pages' script is made. Builds
// the app for the browser with source maps into a folder of its own (the
// portal's web/dist is left alone), then reads the entry's source map and
// prints the bytes of the entry each package and each folder of the app's
// sources wrote, largest first: what a public page must load before it is
// interactive, and so what a lighter entry could leave out.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompressSync } from "node:zlib";
import { rootDir } from "../stack/settings.js";

/** What wrote a source: a package (by its name) or a folder of the app's sources (two levels deep). */
function ownerOf(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1];
  const inApp = /web\/src\/(.*)$/.exec(source);
  if (inApp) return `web/src/${inApp[1].split("/").slice(0, 2).join("/")}`;
  const inContract = /contract\/(.*)$/.exec(source);
  return inContract ? "contract" : source;
}

/** Bytes of the generated file per owner: each generated character counts for the source it maps to. */
function composition(file: string): Map<string, number> {
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")) as ConstructorParameters<typeof SourceMap>[0]);
  const bytes = new Map<string, number>();
  const lines = readFileSync(file, "utf8").split("\n");
  for (const [line, text] of lines.entries()) {
    for (let column = 0; column < text.length; column += 1) {
      const entry = map.findEntry(line, column);
      // Rolldown's own runtime and the glue between modules map to no source.
      const owner = "originalSource" in entry && entry.originalSource ? ownerOf(entry.originalSource) : "(no source)";
      bytes.set(owner, (bytes.get(owner) ?? 0) + 1);
    }
  }
  return bytes;
}

export async function benchEntry(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), "portal-entry-"));
  try {
    const vite = join(rootDir, "node_modules", "vite", "bin", "vite.js");
    const args = [vite, "build", "--config", join(rootDir, "web", "vite.config.ts"), "--sourcemap", "--outDir", outDir, "--emptyOutDir"];
    await promisify(execFile)(process.execPath, args, { cwd: rootDir, maxBuffer: 64 * 2 ** 20 });
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Record<string, { file: string }>;
    const entry = join(outDir, manifest["index.html"].file);
    const code = readFileSync(entry);
    const owners = [...composition(entry)].sort((a, b) => b[1] - a[1]);
    const total = code.length;
    console.log(
      `The entry (${manifest["index.html"].file}): ${total} bytes, ${brotliCompressSync(code).length} with brotli; by what wrote them:`,
    );
    for (const [owner, bytes] of owners.slice(0, 30)) {
      console.log(`  ${String(bytes).padStart(8)}  ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${owner}`);
    }
    const rest = owners.slice(30).reduce((sum, [, bytes]) => sum + bytes, 0);
    if (rest > 0)
      console.log(`  ${String(rest).padStart(8)}  ${((100 * rest) / total).toFixed(1).padStart(5)} %  (${owners.length - 30} others)`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
