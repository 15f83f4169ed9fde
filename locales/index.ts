// The app's catalogs of every language of contract/languages.ts, each loaded
// on demand: the build makes each file a chunk of its own (a language's app
// and Kratos texts one chunk, web/vite.config.ts), so that a page loads its
// language's words only. A bundler needs each import's path written out, in
// the layout of files.ts; the mails' catalogs are mail.ts', for the server.
import { languages, type Language } from "#contract/languages.js";
import type { KratosCatalog } from "./en/kratos.js";
import type { AdminTranslation, Translation } from "./translation.js";

/** A language's catalogs for the app, each loaded when first asked for. */
export interface AppLocale {
  app: () => Promise<Translation>;
  admin: () => Promise<AdminTranslation>;
  kratos: () => Promise<KratosCatalog>;
}

const localeOf = (language: Language): AppLocale => ({
  app: async () => ((await import(`./${language}/app.ts`)) as { app: Translation }).app,
  admin: async () => ((await import(`./${language}/admin.ts`)) as { admin: AdminTranslation }).admin,
  kratos: async () => ((await import(`./${language}/kratos.ts`)) as { kratos: KratosCatalog }).kratos,
});

export const locales = Object.fromEntries(languages.map((language) => [language, localeOf(language)])) as Record<Language, AppLocale>;
