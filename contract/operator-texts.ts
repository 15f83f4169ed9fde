// The operator's own texts (OPERATOR_TEXTS_FILE, docs/identity-schema.md) as the portal server reads them
// (server/src/operator-texts.ts) and as the stack does for Kratos' code mails (stack/courier-templates.ts): the
// same checks and messages for both, and the product's name in a language.
import { ConfigError, type Env } from "./env-values.js";
import { isLanguage } from "./languages.js";
import { operatorTextKey, type OperatorTexts } from "./schemas/runtime-config.js";

/** Every page carries the texts: a file beyond this is a mistake, not a catalog. */
export const maxOperatorTextsBytes = 64 * 1024;
const maxTextLength = 200;

/**
 * The texts of the file the variable names, read by `readText` (Node's readFileSync on both sides; this module runs
 * without Node's types), and checked: a ConfigError naming the variable and the file otherwise. None unless named.
 */
export function readOperatorTexts(env: Env, name: string, readText: (path: string) => string): OperatorTexts {
  const path = env[name];
  if (!path) return {};
  let raw: string;
  try {
    raw = readText(path);
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${path} (${(error as { code?: string }).code ?? "unknown error"})`);
  }
  if (new TextEncoder().encode(raw).length > maxOperatorTextsBytes) {
    throw new ConfigError(`${name}: ${path} is larger than ${maxOperatorTextsBytes} bytes`);
  }
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

/** The product's name in a mail's language: the operator's in that language, else their English one; undefined without. */
export function mailProductName(texts: OperatorTexts, language: string): string | undefined {
  const named = (tag: string) => {
    const own = Object.hasOwn(texts, tag) ? texts[tag] : undefined;
    return own && Object.hasOwn(own, "productName") ? own.productName : undefined;
  };
  return named(language) ?? named("en");
}
