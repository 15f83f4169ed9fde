// Every language of contract/languages.ts says everything English says: each
// key of locales/en/{app,admin,kratos}.ts, a plural in every plural category of that
// language (Intl.PluralRules), and the same placeholders ({{name}}) as English.
import { describe, expect, it } from "vitest";
import { languages, type Language } from "#contract/languages.js";
import { locales } from "#locales/index.js";

type Tree = { [key: string]: string | Tree };

const suffix = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

/** The names of a text's placeholders: {{count}}, {{expiresAt, datetime(…)}} → count, expiresAt. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)/g)].map((match) => match[1]))].sort();
}

/** What is wrong with a language's catalog, compared with English's; empty when nothing is. */
function problems(english: Map<string, string>, translated: Map<string, string>, language: Language): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const found: string[] = [];
  const expected = new Map<string, string>();
  for (const [key, text] of english) {
    if (suffix.test(key)) {
      const base = key.replace(suffix, "");
      const other = english.get(`${base}_other`) ?? text;
      for (const category of categories) expected.set(`${base}_${category}`, other);
    } else expected.set(key, text);
  }
  for (const [key, text] of expected) {
    const translation = translated.get(key);
    if (translation === undefined) found.push(`missing ${key}`);
    else if (translation.trim() === "") found.push(`empty ${key}`);
    else {
      // A plural form may say its number in words ("one minute", "دقيقتين") instead of {{count}}.
      const drop = (names: string[]) => (suffix.test(key) ? names.filter((name) => name !== "count") : names);
      if (drop(placeholders(translation)).join() !== drop(placeholders(text)).join())
        found.push(`${key}: placeholders ${placeholders(translation).join()} instead of ${placeholders(text).join()}`);
    }
  }
  for (const key of translated.keys()) if (!expected.has(key)) found.push(`unknown key ${key}`);
  return found;
}

/** A catalog as a tree of texts, whatever its kind. */
const treeOf = (catalog: object): Tree => catalog as Tree;

const english = {
  app: flatten(treeOf(await locales.en.app())),
  admin: flatten(treeOf(await locales.en.admin())),
  kratos: flatten(treeOf(await locales.en.kratos())),
};

describe("every language's catalogs", () => {
  it("English has all three", () => {
    expect(english.app.size).toBeGreaterThan(100);
    expect(english.admin.size).toBeGreaterThan(50);
    expect(english.kratos.size).toBeGreaterThan(0);
  });

  for (const language of languages.filter((tag) => tag !== "en")) {
    it(`${language}: the portal's texts`, async () => {
      expect(problems(english.app, flatten(treeOf(await locales[language].app())), language)).toEqual([]);
    });

    it(`${language}: the admins' pages' texts`, async () => {
      expect(problems(english.admin, flatten(treeOf(await locales[language].admin())), language)).toEqual([]);
    });

    it(`${language}: Kratos' messages`, async () => {
      expect(problems(english.kratos, flatten(treeOf(await locales[language].kratos())), language)).toEqual([]);
    });
  }
});
