// The guides name files: README.md, ARCHITECTURE.md, CONTRIBUTING.md and the
// pages of docs/ send a newcomer or an operator to them, so each must exist,
// and a link to a section of a page must find that section. A file moved or
// removed without its guide fails here (the variables are checked in
// operators.test.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import t from "tap";
import { rootDir } from "../stack/settings.js";

const docs = readdirSync(join(rootDir, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => `docs/${name}`);
const guides = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", ...docs];
const topFolders = [
  "contract",
  "server",
  "web",
  "stack",
  "tools",
  "bench",
  "testing",
  "checks",
  "e2e",
  "config",
  "launchers",
  "deploy",
  "docs",
];
/** What a build or a run makes (.gitignore): a fresh clone has none of it. */
const made = readFileSync(join(rootDir, ".gitignore"), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"))
  .map((line) => line.replace(/\/$/, ""));

interface Named {
  /** The file, from the repository's root. */
  path: string;
  /** The section a link points to (`page.md#section`), if any. */
  section?: string;
}

const isMade = (path: string) => made.some((output) => path === output || path.startsWith(`${output}/`));

/**
 * What a guide names: its links, relative to the guide's folder as a reader's
 * browser resolves them, and code spans that start in one of the top folders,
 * which name a path from the repository's root.
 */
function named(guide: string, text: string): Named[] {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith("#"))
    .map((target): Named => {
      const [file = "", section] = target.split("#");
      return { path: join(dirname(guide), file), ...(section === undefined ? {} : { section }) };
    });
  const spans = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] ?? "")
    .filter((span) => topFolders.some((folder) => span.startsWith(`${folder}/`)))
    // A pattern or a placeholder names no single file.
    .filter((span) => !/[*<>…{]/.test(span))
    .map((path): Named => ({ path }));
  return [...links, ...spans]
    .map((name) => ({ ...name, path: name.path.replace(/[.,:;]$/, "").replace(/\/$/, "") }))
    .filter((name) => !isMade(name.path));
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes. */
function anchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
      (match[1] ?? "")
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}

t.ok(docs.length > 10, `docs/ holds the operators' and users' pages (${docs.length})`);

for (const guide of guides) {
  t.test(`every file ${guide} names exists`, async (t) => {
    const names = named(guide, readFileSync(join(rootDir, guide), "utf8"));
    if (!guide.startsWith("docs/")) t.ok(names.length > 10, `${guide} names files (${names.length})`);
    for (const { path, section } of names) {
      const file = join(rootDir, path);
      t.ok(existsSync(file), path);
      if (section !== undefined && path.endsWith(".md") && existsSync(file)) {
        t.ok(anchors(readFileSync(file, "utf8")).has(section), `${path}#${section}`);
      }
    }
  });
}
