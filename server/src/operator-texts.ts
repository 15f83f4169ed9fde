// The operator's own texts (OPERATOR_TEXTS_FILE): what the portal's catalogs
// cannot know, the product's name and the names of the traits of the
// operator's identity schema and of their options, per language. Read and checked once, at start; the app
// gets them with its runtime configuration (routes/runtime-config.ts).
import { readFileSync } from "node:fs";
import { ConfigError, type Env } from "#contract/env-values.js";
import { isLanguage } from "#contract/languages.js";
import { operatorTextKey, type OperatorTexts } from "#contract/schemas/runtime-config.js";

/** Every page carries the texts: a file beyond this is a mistake, not a catalog. */
const maxBytes = 64 * 1024;
const maxTextLength = 200;

export function readOperatorTexts(env: Env, name: string): OperatorTexts {
  const path = env[name];
  if (!path) return {};
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`);
  }
  if (Buffer.byteLength(raw) > maxBytes) throw new ConfigError(`${name}: ${path} is larger than ${maxBytes} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(`${name}: ${path} is not JSON`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`${name}: ${path} must be an object of languages, e.g. { "de": { "traits.company": "Firma" } }`);
  }
  const texts: OperatorTexts = {};
  for (const [language, entries] of Object.entries(parsed)) {
    if (!isLanguage(language)) throw new ConfigError(`${name}: "${language}" is not one of the portal's languages`);
    if (typeof entries !== "object" || entries === null || Array.isArray(entries)) {
      throw new ConfigError(`${name}: "${language}" must be an object of texts by key`);
    }
    const own: Record<string, string> = {};
    for (const [key, text] of Object.entries(entries as Record<string, unknown>)) {
      if (!operatorTextKey.test(key))
        throw new ConfigError(`${name}: "${language}" has a key "${key}", which is neither productName nor a trait (traits.<path>)`);
      if (typeof text !== "string" || text.trim() === "" || text.length > maxTextLength) {
        throw new ConfigError(`${name}: "${language}"."${key}" must be a text of 1 to ${maxTextLength} characters`);
      }
      own[key] = text;
    }
    texts[language] = own;
  }
  return texts;
}

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The page's <head> with its title: the page's own (the server's render names the page, as the app does), else
 * the operator's product name in this language, when they gave one.
 */
export function titledHead(head: string, texts: OperatorTexts, language: string, pageTitle?: string): string {
  const own = Object.hasOwn(texts, language) ? texts[language] : undefined;
  const title = pageTitle ?? (own && Object.hasOwn(own, "productName") ? own.productName : undefined);
  if (title === undefined) return head;
  return head.replace(
    /<title>[^<]*<\/title>/,
    `<title>${title.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character)}</title>`,
  );
}
