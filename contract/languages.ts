// The languages of the portal, in one record: the server chooses one of them
// for each page (server/src/language.ts), the app loads that language's
// catalogs and the server words its mails from its folder, locales/<tag>/
// (locales/index.ts, locales/mail.ts), Kratos' mail templates branch on them
// (config/kratos/courier-templates/). Adding a language is one line here and
// its folder (checks/new-language.test.ts adds one to a copy and builds it).

/**
 * Each language by its tag: its own name, as the language menu offers it (a reader finds theirs whatever the
 * page's language), and the direction it is written in: a language is one line.
 */
const languageRecord = {
  en: { name: "English", direction: "ltr" },
  de: { name: "Deutsch", direction: "ltr" },
  fr: { name: "Français", direction: "ltr" },
  es: { name: "Español", direction: "ltr" },
  "pt-BR": { name: "Português (Brasil)", direction: "ltr" },
  ja: { name: "日本語", direction: "ltr" },
  ar: { name: "العربية", direction: "rtl" },
} as const satisfies Record<string, { name: string; direction: "ltr" | "rtl" }>;

export type Language = keyof typeof languageRecord;

export const languages = Object.keys(languageRecord) as readonly Language[];

export const defaultLanguage: Language = "en";

export const directionOf = (language: Language): "ltr" | "rtl" => languageRecord[language].direction;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && Object.hasOwn(languageRecord, value);
}

/** Each language by its own name (the record's `name`). */
export const languageNames: Record<Language, string> = Object.fromEntries(
  languages.map((language) => [language, languageRecord[language].name]),
) as Record<Language, string>;

/** The cookie that keeps the visitor's choice (a language tag of the list); the app sets it, the server reads it. */
export const languageCookie = "portal_language";

/** The identity trait that keeps a signed-in user's choice (config/kratos/identity.schema.json). */
export const languageTrait = "language";
