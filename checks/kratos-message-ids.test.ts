// The message ids the catalogs word (contract/kratos-message-ids.ts) are
// those of the Kratos that launchers/kratos builds: its text/id.go numbers
// them, its text/message_*.go constructors give them to messages. Read from
// the module cache that the Go build fills, so that a Kratos upgrade that
// adds or drops a message fails here until the list and every catalog follow.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import t from "tap";
import { kratosMessageIds } from "#contract/kratos-message-ids.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const kratosDir = execFileSync("go", ["list", "-m", "-f", "{{.Dir}}", "github.com/ory/kratos"], {
  cwd: join(root, "launchers", "kratos"),
  encoding: "utf8",
}).trim();
const textDir = join(kratosDir, "text");

/** id.go's constants by name: each const block counts up from its `Name ID = base + iota`. */
function idsByName(source: string): Map<string, number> {
  const ids = new Map<string, number>();
  for (const [, block = ""] of source.matchAll(/^const \(\n([\s\S]*?)^\)/gm)) {
    let next: number | undefined;
    for (const line of block.split("\n")) {
      const code = line.replace(/\/\/.*/, "").trim();
      const first = /^(\w+)\s+ID\s*=\s*(\d+)\s*\+\s*iota$/.exec(code);
      if (first?.[1] && first[2]) {
        next = Number(first[2]);
        ids.set(first[1], next++);
      } else if (/^\w+$/.test(code) && next !== undefined) {
        ids.set(code, next++);
      } else if (code !== "") {
        throw new Error(`text/id.go: a line this test cannot read: ${code}`);
      }
    }
  }
  return ids;
}

function sentIds(): string[] {
  const ids = idsByName(readFileSync(join(textDir, "id.go"), "utf8"));
  const sent = new Set<string>();
  const files = readdirSync(textDir).filter((file) => /^message_.*\.go$/.test(file) && !file.endsWith("_test.go"));
  for (const file of files) {
    for (const [, name = ""] of readFileSync(join(textDir, file), "utf8").matchAll(/\bID:\s+(\w+)/g)) {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`text/${file}: ${name} is not in text/id.go`);
      sent.add(String(id));
    }
  }
  return [...sent].sort();
}

t.test("the committed message ids are those Kratos' text/ sources give to messages", async (t) => {
  const sent = sentIds();
  t.ok(sent.length > 100, `Kratos' sources give ${sent.length} ids`);
  t.same([...kratosMessageIds].sort(), sent);
});

t.test("the reader of text/id.go numbers the constants as Go does", async (t) => {
  const ids = idsByName(readFileSync(join(textDir, "id.go"), "utf8"));
  t.equal(ids.get("InfoSelfServiceLogin"), 1010001);
  t.equal(ids.get("ErrorValidationInvalidCredentials"), 4000006);
  t.equal(ids.get("ErrorValidationCaptchaError"), 4000038);
  t.equal(ids.get("ErrorSystemGeneric"), 5000001);
});
