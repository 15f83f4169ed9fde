// The guides name files: README.md, ARCHITECTURE.md and CONTRIBUTING.md send
// a newcomer to them, so each must exist. A file moved or removed without its
// guide fails here (the README's variables are checked in operators.test.ts).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import t from "tap";
import { rootDir } from "../../stack/settings.js";

const guides = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"];
const topFolders = ["contract", "server", "web", "stack", "e2e", "config", "launchers"];
/** What a build or a run makes (.gitignore): a fresh clone has none of it. */
const made = readFileSync(join(rootDir, ".gitignore"), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"))
  .map((line) => line.replace(/\/$/, ""));

/** The repository paths a guide names: its links, and code spans that start in one of the top folders. */
function namedPaths(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^)#\s]+)\)/g)].map((match) => match[1] ?? "").filter((target) => !/^[a-z]+:/.test(target));
  const spans = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] ?? "")
    .filter((span) => topFolders.some((folder) => span.startsWith(`${folder}/`)))
    // A pattern or a placeholder names no single file.
    .filter((span) => !/[*<>…{]/.test(span));
  return [...new Set([...links, ...spans])]
    .map((path) => path.replace(/[.,:;]$/, "").replace(/\/$/, ""))
    .filter((path) => !made.some((output) => path === output || path.startsWith(`${output}/`)));
}

for (const guide of guides) {
  t.test(`every file ${guide} names exists`, async (t) => {
    const paths = namedPaths(readFileSync(join(rootDir, guide), "utf8"));
    t.ok(paths.length > 10, `${guide} names files (${paths.length})`);
    for (const path of paths) t.ok(existsSync(join(rootDir, path)), path);
  });
}
