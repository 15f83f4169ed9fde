// The portal's one vocabulary: i18next with the catalogs of locales/.
// Components read text with useTranslation() (react-i18next); code outside
// React (error messages, notices) with i18n.t.
//
// Each language of contract/languages.ts has a folder in locales/, named by its
// tag: `app.ts` (the portal's texts, `export const app`) and
// `kratos.ts` (Kratos' messages by id, `export const kratos`). The
// build puts each language in a chunk of its own (web/vite.config.ts), loaded
// only for the language the page is in: the server names it in the page's
// start-up data, so it arrives beside the app (web/src/boot.ts). The admins'
// pages' texts (`admin.ts`, `export const admin`) are a third file, loaded with
// those pages only (loadAdminTexts), in the namespace `admin`.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, directionOf, languageCookie, type Language } from "#contract/languages.js";
import { writePreferenceCookie } from "../preference-cookie";
import type { KratosCatalog } from "#locales/en/kratos.js";
import type { AdminTranslation, Translation } from "#locales/translation.js";

type Catalogs<Name extends string, T> = Partial<Record<string, () => Promise<Record<Name, T>>>>;

const appCatalogs: Catalogs<"app", Translation> = import.meta.glob<Record<"app", Translation>>("../../../../locales/*/app.ts");
const adminCatalogs: Catalogs<"admin", AdminTranslation> = import.meta.glob<Record<"admin", AdminTranslation>>(
  "../../../../locales/*/admin.ts",
);
const kratosCatalogs: Catalogs<"kratos", KratosCatalog> = import.meta.glob<Record<"kratos", KratosCatalog>>(
  "../../../../locales/*/kratos.ts",
);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: defaultLanguage,
  // Each language is complete (catalogs.test.ts), and only the page's is loaded.
  fallbackLng: false,
  resources: {},
  ns: ["translation", "kratos"],
  defaultNS: "translation",
  // The admins' texts, once their pages loaded them (loadAdminTexts).
  fallbackNS: "admin",
  // The catalogs are in i18next before the first render (loadLanguage), so it never waits.
  initAsync: false,
  // React escapes what it renders; escaping here too would show &amp; and the like.
  interpolation: { escapeValue: false },
});

/**
 * The language whose files hold a language's texts: its own, or English while the language has none (a
 * language being added). Only that one file is loaded: catalogs.test.ts keeps every language complete, so
 * nothing falls back to English key by key, and a page never loads two languages.
 */
export function catalogLanguage(language: Language): Language {
  return appCatalogs[`../../../../locales/${language}/app.ts`] ? language : defaultLanguage;
}

/** Whether an admin's page asked for its texts: then a change of language loads them too. */
let adminTextsWanted = false;

/** Loads the admins' pages' texts of a language into i18next, once, and of every language chosen after. */
export async function loadAdminTexts(language: Language): Promise<void> {
  adminTextsWanted = true;
  if (i18n.hasResourceBundle(language, "admin")) return;
  const source = catalogLanguage(language);
  const admin = await adminCatalogs[`../../../../locales/${source}/admin.ts`]?.();
  i18n.addResourceBundle(language, "admin", admin?.admin ?? {});
}

/** Loads a language's two catalogs into i18next, once (and the admins' texts, once an admin's page needed them). */
export async function loadLanguage(language: Language): Promise<void> {
  if (adminTextsWanted) await loadAdminTexts(language);
  if (i18n.hasResourceBundle(language, "translation")) return;
  const source = catalogLanguage(language);
  const [app, kratos] = await Promise.all([
    appCatalogs[`../../../../locales/${source}/app.ts`]?.(),
    kratosCatalogs[`../../../../locales/${source}/kratos.ts`]?.(),
  ]);
  i18n.addResourceBundle(language, "kratos", kratos?.kratos ?? {});
  i18n.addResourceBundle(language, "translation", app?.app ?? {});
}

/**
 * Puts the app in a language whose catalogs are loaded. It takes effect at once (no backend, nothing to wait
 * for), which the server's render relies on: it sets the language and renders in the same turn.
 */
export function setLanguageNow(language: Language): void {
  void i18n.changeLanguage(language);
}

/** Switches the page to a language: its catalogs, then <html lang dir>. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  setLanguageNow(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * The visitor chose a language (the language menu, or the account's language in Account Settings): it is kept
 * in the cookie the server reads before it renders the next page (server/src/language.ts), and the page
 * switches to it now.
 */
export async function saveLanguageChoice(language: Language): Promise<void> {
  writePreferenceCookie(languageCookie, language);
  await switchLanguage(language);
}
