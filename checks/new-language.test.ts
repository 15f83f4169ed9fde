// Adding a language is one folder in locales/ and one line in
// contract/languages.ts (CONTRIBUTING.md's recipe). In a copy of the sources,
// a language "xx" made of that line and a copy of English's folder
// typechecks, gets a chunk of its own in the app's build and words the
// server's mails; the same line without the folder stops the app's build and
// the server's mails, each naming the missing file.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import t from "tap";

const root = fileURLToPath(new URL("..", import.meta.url));
const execute = promisify(execFile);

// Three compilations and a build on a shared machine: well over tap's default.
t.setTimeout(300_000);

const copy = mkdtempSync(join(tmpdir(), "portal-new-language-"));
t.teardown(() => {
  rmSync(copy, { recursive: true, force: true });
});
for (const part of ["package.json", "tsconfig.json", "contract", "locales", "web", "server/src", "server/tsconfig.json", "stack"])
  cpSync(join(root, part), join(copy, part), { recursive: true, filter: (source) => source !== join(root, "web", "dist") });
symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
// The server's project without its tests and the stack, which a language does not touch.
writeFileSync(join(copy, "tsconfig.server.json"), JSON.stringify({ extends: "./server/tsconfig.json", include: ["server/src"] }));
writeFileSync(
  join(copy, "server", "mail-subject.ts"),
  'import { renderMail } from "./src/mail/messages.js";\n' +
    'process.stdout.write(renderMail("password_changed", "ada@example.org", { at: "now", settingsUrl: "https://portal.example/settings" }, "xx").subject);\n',
);

writeFileSync(
  join(copy, "server", "kratos-mail.ts"),
  'import { generatedTemplates } from "../stack/courier-templates.js";\n' +
    "process.stdout.write(String(generatedTemplates().recovery_code.subject.includes('eq $lang \"xx\"')));\n",
);

/** Runs a command of node_modules in the copy: its exit, and what it wrote. */
async function run(script: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await execute(process.execPath, [join(root, "node_modules", script), ...args], {
      cwd: copy,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { ok: false, output: stdout + stderr };
  }
}
const tsc = (project: string) => run("typescript/bin/tsc", ["-p", project]);
const viteBuild = () => run("vite/bin/vite.js", ["build", "--config", "web/vite.config.ts"]);
const mailSubject = () => run("tsx/dist/cli.mjs", ["server/mail-subject.ts"]);
const kratosMail = () => run("tsx/dist/cli.mjs", ["server/kratos-mail.ts"]);

const english = '  en: { name: "English", direction: "ltr" },\n';
const languagesFile = join(copy, "contract", "languages.ts");
const record = readFileSync(languagesFile, "utf8");

t.test("one line in contract/languages.ts and a copy of locales/en/ make a language", async (t) => {
  t.ok(record.includes(english), "contract/languages.ts has English's line to add one after");
  writeFileSync(languagesFile, record.replace(english, `${english}  xx: { name: "Xx", direction: "ltr" },\n`));
  cpSync(join(copy, "locales", "en"), join(copy, "locales", "xx"), { recursive: true });

  const checks = await Promise.all([tsc("contract"), tsc("locales"), tsc("web"), tsc("tsconfig.server.json")]);
  for (const [index, part] of ["contract", "locales", "web", "server"].entries())
    t.ok(checks[index]?.ok, `tsc -p ${part} passes`, { output: checks[index]?.output });

  const build = await viteBuild();
  t.ok(build.ok, "the app builds", { output: build.output });
  const manifest = JSON.parse(readFileSync(join(copy, "web", "dist", ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { name?: string }
  >;
  t.ok(
    Object.values(manifest).some((chunk) => chunk.name === "i18n-xx"),
    "its app and Kratos texts are a chunk of their own",
  );
  t.ok(manifest["../locales/xx/admin.ts"], "its admins' texts are a file of the build");

  t.same(await mailSubject(), { ok: true, output: "Your password was changed" }, "the server words its mails");
  t.same(await kratosMail(), { ok: true, output: "true" }, "Kratos' code mails get its branch (npm run courier-templates)");
});

t.test("the line without the folder stops the app's build and the server's mails", async (t) => {
  rmSync(join(copy, "locales", "xx"), { recursive: true });

  const build = await viteBuild();
  t.notOk(build.ok, "the app's build fails");
  t.match(build.output, "locales/xx/app.ts is missing", "naming the missing catalog");

  const mail = await mailSubject();
  t.notOk(mail.ok, "the server's mails do not load");
  t.match(mail.output, "locales/xx/mail.ts", "naming the missing catalog");
});
