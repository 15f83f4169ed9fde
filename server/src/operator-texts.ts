// The operator's own texts (OPERATOR_TEXTS_FILE): what the portal's catalogs
// cannot know, the product's name and the names of the traits of the
// operator's identity schema and of their options, per language. Read and checked once, at start; the app
// gets them with its runtime configuration (routes/runtime-config.ts). The checks
// are contract/operator-texts.ts', which the stack shares for Kratos' code mails.
import { readFileSync } from "node:fs";
import type { Env } from "#contract/env-values.js";
import { readOperatorTexts as readTexts } from "#contract/operator-texts.js";
import type { OperatorTexts } from "#contract/schemas/runtime-config.js";

export const readOperatorTexts = (env: Env, name: string): OperatorTexts => readTexts(env, name, (path) => readFileSync(path, "utf8"));

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
