import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import t from "tap";
import { openRangeFile, passwordHashLines, RangeFileError, writeRangeFile } from "../../src/breach-range/range-file.js";
import { rootDir } from "../../../stack/settings.js";

const sha1 = (password: string) => createHash("sha1").update(password).digest("hex").toUpperCase();
const folder = () => mkdtempSync(join(tmpdir(), "breach-range-test-"));

/** What Kratos reads from an answer: each line's suffix and count. */
const rows = (body: Buffer) =>
  body
    .toString("utf8")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(":"));

t.test("a prefix's answer holds the suffixes and counts of its hashes, as the public range API writes them", async (t) => {
  const file = join(folder(), "range");
  // Two hashes under one prefix, one under another; lower case and a missing count are accepted.
  const lines = ["0000A" + "1".repeat(35) + ":7", "0000A" + "2".repeat(35), "ffff0" + "a".repeat(35) + ":12"];
  t.same(await writeRangeFile(lines, file), { hashes: 3, prefixes: 2 });
  const range = await openRangeFile(file);
  t.teardown(() => range.close());
  t.equal(range.prefixes, 2);
  t.same(rows(await range.range("0000A")), [
    ["1".repeat(35), "7"],
    ["2".repeat(35), "1"],
  ]);
  t.same(rows(await range.range("FFFF0")), [["A".repeat(35), "12"]]);
  t.same(rows(await range.range("ffff0")), [["A".repeat(35), "12"]], "either case");
  t.equal((await range.range("12345")).length, 0, "a prefix with no hash answers nothing");
  t.equal((await range.range("00000")).length, 0, "before the first");
  t.equal((await range.range("FFFFF")).length, 0, "after the last");
});

t.test("a list of passwords becomes sorted hashes, a repeated one counted", async (t) => {
  const lines = passwordHashLines(["sunshine1", "", "letmein1", "sunshine1"]);
  t.same(lines, [`${sha1("letmein1")}:1`, `${sha1("sunshine1")}:2`].sort());
  const file = join(folder(), "range");
  await writeRangeFile(lines, file);
  const range = await openRangeFile(file);
  t.teardown(() => range.close());
  const hash = sha1("sunshine1");
  t.same(rows(await range.range(hash.slice(0, 5))), [[hash.slice(5), "2"]]);
});

t.test("the dataset must be sorted and well formed: the line is named, and no file is left", async (t) => {
  const dir = folder();
  const file = join(dir, "range");
  const unsorted = [`${"B".repeat(40)}:1`, `${"A".repeat(40)}:1`];
  await t.rejects(
    writeRangeFile(unsorted, file),
    new RangeFileError("line 2 is not after the line before it: the hashes must be sorted, each once"),
  );
  await t.rejects(
    writeRangeFile([`${"A".repeat(40)}:1`, `${"A".repeat(40)}:1`], file),
    { name: "RangeFileError", message: /^line 2 / },
    "a hash twice",
  );
  await t.rejects(
    writeRangeFile([`${"A".repeat(39)}:1`], file),
    new RangeFileError("line 1 is not SHA1:COUNT (40 hex digits, a colon, a number)"),
  );
  await t.rejects(openRangeFile(file), { code: "ENOENT" }, "nothing was written");
  writeFileSync(file, "A".repeat(41));
  await t.rejects(openRangeFile(file), { name: "RangeFileError", message: /is not a range file/ }, "a file of another kind is refused");
});

const tool = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", join(rootDir, "tools", "breach-range-file.ts"), ...args], { encoding: "utf8" });

t.test("npm run breach-range-file makes the file from the downloader's dataset, CRLF lines and all", async (t) => {
  const dir = folder();
  const passwords = ["correct horse", "hunter22", "trustno1!"];
  const dataset = passwords
    .map((password, i) => `${sha1(password)}:${i + 3}`)
    .sort()
    .join("\r\n");
  writeFileSync(join(dir, "pwnedpasswords.txt"), `${dataset}\r\n`);
  const run = tool("--hashes", join(dir, "pwnedpasswords.txt"), join(dir, "out.range"));
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, "3 hashes under 3 prefixes");
  const range = await openRangeFile(join(dir, "out.range"));
  t.teardown(() => range.close());
  const hash = sha1("hunter22");
  t.same(rows(await range.range(hash.slice(0, 5))), [[hash.slice(5), "4"]]);
});

t.test("npm run breach-range-file makes the file from a list of passwords; a bad dataset names its line", async (t) => {
  const dir = folder();
  writeFileSync(join(dir, "list.txt"), "sunshine1\nletmein1\n");
  const run = tool("--passwords", join(dir, "list.txt"), join(dir, "out.range"));
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, "2 hashes under 2 prefixes");
  t.equal(readFileSync(join(dir, "out.range")).subarray(-8).toString(), "BRANGE01");

  writeFileSync(join(dir, "bad.txt"), `${"B".repeat(40)}:1\n${"A".repeat(40)}:1\n`);
  const bad = tool("--hashes", join(dir, "bad.txt"), join(dir, "bad.range"));
  t.equal(bad.status, 1);
  t.match(bad.stderr, "bad.txt: line 2 is not after the line before it");
  const usage = tool("--hashes");
  t.equal(usage.status, 2);
  t.match(usage.stderr, "usage: npm run breach-range-file");
});
