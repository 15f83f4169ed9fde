// npm run breach-range-file -- (--passwords LIST | --hashes DATASET) OUT
// Writes the breach range service's file (server/src/breach-range/range-file.ts):
// from a plain list of passwords, one a line (the tests' list,
// stack/breached-passwords.txt), or from Have I Been Pwned's full dataset as
// haveibeenpwned-downloader writes it (`SHA1:COUNT` lines, sorted), read a
// line at a time. docs/breached-passwords.md.
import { createReadStream, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { passwordHashLines, RangeFileError, writeRangeFile } from "../server/src/breach-range/range-file.js";

const usage = "usage: npm run breach-range-file -- (--passwords LIST | --hashes DATASET) OUT";

const [kind, input, output, ...rest] = process.argv.slice(2);
if ((kind !== "--passwords" && kind !== "--hashes") || !input || !output || rest.length > 0) {
  console.error(usage);
  process.exit(2);
}

try {
  const lines =
    kind === "--passwords"
      ? passwordHashLines(readFileSync(resolve(input), "utf8").split(/\r?\n/))
      : createInterface({ input: createReadStream(resolve(input)), crlfDelay: Infinity });
  const { hashes, prefixes } = await writeRangeFile(lines, resolve(output));
  console.log(`${output}: ${hashes} hashes under ${prefixes} prefixes`);
} catch (error) {
  const message = error instanceof RangeFileError ? `${input}: ${error.message}` : (error as Error).message;
  console.error(`breach-range-file: ${message}`);
  process.exit(1);
}
