// The breach range file: what the range service (range-server.ts) answers
// Kratos' breach check from, the k-anonymity API of Have I Been Pwned
// (GET /range/{first 5 hex digits of the password's SHA-1}). Each prefix's
// answer is stored ready to send, `SUFFIX:COUNT` lines as the public API
// writes them, one after the other in prefix order; an index at the end
// names each prefix present and where its answer starts. The service reads
// the index (12 bytes a prefix: 12 MB for the full dataset's million
// prefixes) and one answer per request; the answers stay on disk.
//
// writeRangeFile reads `SHA1:COUNT` lines in ascending order (the full
// dataset as haveibeenpwned-downloader writes it) one at a time, so a
// dataset of tens of gigabytes never sits in memory.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { once } from "node:events";

const magic = Buffer.from("BRANGE01");
/** The end of the file: where the index starts (uint64), how many prefixes it names (uint32), the magic. */
const trailerLength = 8 + 4 + magic.length;
const prefixLength = 5;

export class RangeFileError extends Error {
  override name = "RangeFileError";
}

/** Upper-case SHA-1 lines, `HASH:COUNT`, sorted: a list of passwords (one a line) as the full dataset writes it. */
export function passwordHashLines(passwords: Iterable<string>): string[] {
  const counts = new Map<string, number>();
  for (const password of passwords) {
    if (password === "") continue;
    const hash = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
    counts.set(hash, (counts.get(hash) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([hash, count]) => `${hash}:${count}`);
}

const hashLine = /^([0-9A-Fa-f]{40})(?::(\d+))?$/;

/**
 * Writes the range file from `SHA1[:COUNT]` lines in strictly ascending order (a count of 1 when none is given)
 * to a temporary file beside `target`, renamed when complete: a running service never reads half a file.
 * Returns how many hashes and prefixes it holds.
 */
export async function writeRangeFile(
  lines: AsyncIterable<string> | Iterable<string>,
  target: string,
): Promise<{ hashes: number; prefixes: number }> {
  const partial = `${target}.partial`;
  const out = createWriteStream(partial);
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch(() => undefined);
  const write = async (chunk: Buffer | string) => {
    if (!out.write(chunk)) await Promise.race([once(out, "drain"), failed]);
  };
  const prefixes: number[] = [];
  const offsets: number[] = [];
  let written = 0;
  let previous = "";
  let lineNumber = 0;
  let hashes = 0;
  let body: string[] = [];
  let bodyPrefix = "";
  const flush = async () => {
    if (body.length === 0) return;
    const chunk = Buffer.from(body.join(""), "utf8");
    prefixes.push(Number.parseInt(bodyPrefix, 16));
    offsets.push(written);
    written += chunk.length;
    body = [];
    await write(chunk);
  };
  try {
    for await (const raw of lines) {
      lineNumber += 1;
      const line = raw.trim();
      if (line === "") continue;
      const match = hashLine.exec(line);
      if (!match) throw new RangeFileError(`line ${lineNumber} is not SHA1:COUNT (40 hex digits, a colon, a number)`);
      const [, hex, count = "1"] = match;
      const hash = hex.toUpperCase();
      if (hash <= previous) {
        throw new RangeFileError(`line ${lineNumber} is not after the line before it: the hashes must be sorted, each once`);
      }
      previous = hash;
      hashes += 1;
      const prefix = hash.slice(0, prefixLength);
      if (prefix !== bodyPrefix) {
        await flush();
        bodyPrefix = prefix;
      }
      body.push(`${hash.slice(prefixLength)}:${count}\r\n`);
    }
    await flush();
    const index = Buffer.alloc(prefixes.length * 4 + (prefixes.length + 1) * 8 + trailerLength);
    prefixes.forEach((prefix, i) => index.writeUInt32BE(prefix, i * 4));
    const offsetsAt = prefixes.length * 4;
    [...offsets, written].forEach((offset, i) => index.writeBigUInt64BE(BigInt(offset), offsetsAt + i * 8));
    const trailerAt = index.length - trailerLength;
    index.writeBigUInt64BE(BigInt(written), trailerAt);
    index.writeUInt32BE(prefixes.length, trailerAt + 8);
    magic.copy(index, trailerAt + 12);
    await write(index);
    out.end();
    await Promise.race([once(out, "finish"), failed]);
    await rename(partial, target);
    return { hashes, prefixes: prefixes.length };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

export interface RangeFile {
  /** The answer for a prefix of five hex digits (either case): its `SUFFIX:COUNT` lines, empty when none. */
  range(prefix: string): Promise<Buffer>;
  readonly prefixes: number;
  close(): Promise<void>;
}

export async function openRangeFile(path: string): Promise<RangeFile> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      if (bytesRead !== length) throw new RangeFileError(`${path} ends early: not a complete range file`);
      return buffer;
    };
    if (size < trailerLength) throw new RangeFileError(`${path} is not a range file (too short)`);
    const trailer = await read(size - trailerLength, trailerLength);
    if (!trailer.subarray(12).equals(magic)) throw new RangeFileError(`${path} is not a range file (npm run breach-range-file makes one)`);
    const indexAt = Number(trailer.readBigUInt64BE(0));
    const count = trailer.readUInt32BE(8);
    if (indexAt + count * 4 + (count + 1) * 8 + trailerLength !== size)
      throw new RangeFileError(`${path} is damaged: its index does not fit`);
    const index = await read(indexAt, count * 4 + (count + 1) * 8);
    const prefixes = new Uint32Array(count);
    for (let i = 0; i < count; i += 1) prefixes[i] = index.readUInt32BE(i * 4);
    const offsets = new Float64Array(count + 1);
    for (let i = 0; i <= count; i += 1) offsets[i] = Number(index.readBigUInt64BE(count * 4 + i * 8));
    return {
      prefixes: count,
      async range(prefix) {
        const wanted = Number.parseInt(prefix, 16);
        let low = 0;
        let high = count - 1;
        while (low <= high) {
          const middle = (low + high) >>> 1;
          if (prefixes[middle] === wanted) return read(offsets[middle], offsets[middle + 1] - offsets[middle]);
          if (prefixes[middle] < wanted) low = middle + 1;
          else high = middle - 1;
        }
        return Buffer.alloc(0);
      },
      close: () => file.close(),
    };
  } catch (error) {
    await file.close();
    throw error;
  }
}
