// The languages of the portal, in one list: the server chooses one of them for
// each page (server/src/language.ts), the app loads that language's
// catalogs (locales/<tag>/), Kratos' mail templates branch on them
// (config/kratos/courier-templates/). Adding a language starts here.
export const languages = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "en";

/** The languages written right to left. */
const rightToLeft: ReadonlySet<Language> = new Set(["ar"]);

export const directionOf = (language: Language): "ltr" | "rtl" => (rightToLeft.has(language) ? "rtl" : "ltr");

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Each language by its own name, as the language menu offers it: a reader finds theirs whatever the page's language. */
export const languageNames: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
};

/** The cookie that keeps the visitor's choice (a language tag of the list); the app sets it, the server reads it. */
export const languageCookie = "portal_language";

/** The identity trait that keeps a signed-in user's choice (config/kratos/identity.schema.json). */
export const languageTrait = "language";
