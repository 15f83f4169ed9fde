// Every language of contract/languages.ts says everything English says: each
// key of en.ts, admin-en.ts and kratos-en.ts, a plural in every plural category of that
// language (Intl.PluralRules), and the same placeholders ({{name}}) as English.
import { describe, expect, it } from "vitest";
import { languages, type Language } from "#contract/languages.js";

type Tree = { [key: string]: string | Tree };

type Files = Partial<Record<string, Record<string, unknown>>>;

const appFiles: Files = import.meta.glob<Record<string, unknown>>(["./[a-z][a-z].ts", "./[a-z][a-z]-[A-Z][A-Z].ts"], { eager: true });
const adminFiles: Files = import.meta.glob<Record<string, unknown>>(["./admin-[a-z][a-z].ts", "./admin-[a-z][a-z]-[A-Z][A-Z].ts"], {
  eager: true,
});
const kratosFiles: Files = import.meta.glob<Record<string, unknown>>(["./kratos-[a-z][a-z].ts", "./kratos-[a-z][a-z]-[A-Z][A-Z].ts"], {
  eager: true,
});

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

function catalogOf(files: Files, file: string): Tree | undefined {
  // Each file exports one catalog (de, ptBR, kratosDe…).
  const catalog = Object.values(files[file] ?? {}).find((value) => typeof value === "object");
  return catalog as Tree | undefined;
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

const english = {
  app: flatten(catalogOf(appFiles, "./en.ts") ?? {}),
  admin: flatten(catalogOf(adminFiles, "./admin-en.ts") ?? {}),
  kratos: flatten(catalogOf(kratosFiles, "./kratos-en.ts") ?? {}),
};

describe("every language's catalogs", () => {
  it("English has all three", () => {
    expect(english.app.size).toBeGreaterThan(100);
    expect(english.admin.size).toBeGreaterThan(50);
    expect(english.kratos.size).toBeGreaterThan(0);
  });

  for (const language of languages.filter((tag) => tag !== "en")) {
    it(`${language}: the portal's texts`, () => {
      const catalog = catalogOf(appFiles, `./${language}.ts`);
      expect(catalog, `web/src/lib/i18n/${language}.ts`).toBeDefined();
      expect(problems(english.app, flatten(catalog ?? {}), language)).toEqual([]);
    });

    it(`${language}: the admins' pages' texts`, () => {
      const catalog = catalogOf(adminFiles, `./admin-${language}.ts`);
      expect(catalog, `web/src/lib/i18n/admin-${language}.ts`).toBeDefined();
      expect(problems(english.admin, flatten(catalog ?? {}), language)).toEqual([]);
    });

    it(`${language}: Kratos' messages`, () => {
      const catalog = catalogOf(kratosFiles, `./kratos-${language}.ts`);
      expect(catalog, `web/src/lib/i18n/kratos-${language}.ts`).toBeDefined();
      expect(problems(english.kratos, flatten(catalog ?? {}), language)).toEqual([]);
    });
  }
});
