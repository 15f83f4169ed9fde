// The operator's images, read from disk once, at start, and served by the
// portal itself from memory under a name holding their hash
// (routes/branding.ts).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { ConfigError, type Env } from "#contract/env-values.js";

/** Every page shows the images: a file beyond this is a mistake, not a logo. */
export const maxImageBytes = 256 * 1024;

const imageTypes = { svg: "image/svg+xml", png: "image/png", webp: "image/webp" } as const;
type ImageKind = keyof typeof imageTypes;

/** A file the portal serves at its path, from memory. */
export interface BrandFile {
  path: string;
  type: string;
  body: Buffer;
  /** An SVG is a document that could run script if opened on its own: it is served sandboxed. */
  sandboxed: boolean;
}

export const hashOf = (body: Buffer) => createHash("sha256").update(body).digest("hex").slice(0, 16);

function kindOf(body: Buffer): ImageKind | undefined {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (body.subarray(0, 4).toString("latin1") === "RIFF" && body.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  const text = body.toString("utf8");
  // A text (no NUL) whose first element is <svg>, after an XML declaration, comments or a doctype.
  if (!text.includes("\0") && /^\uFEFF?\s*(<\?xml[^>]*>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i.test(text)) return "svg";
  return undefined;
}

export function readImage(env: Env, name: string, role: string): BrandFile | undefined {
  const path = env[name];
  if (!path) return undefined;
  let body: Buffer;
  try {
    body = readFileSync(path);
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`);
  }
  if (body.length > maxImageBytes) throw new ConfigError(`${name}: ${path} is ${body.length} bytes, more than ${maxImageBytes}`);
  const kind = kindOf(body);
  if (!kind) throw new ConfigError(`${name}: ${path} is not an SVG, PNG or WebP image`);
  return { path: `/branding/${role}.${hashOf(body)}.${kind}`, type: imageTypes[kind], body, sandboxed: kind === "svg" };
}
