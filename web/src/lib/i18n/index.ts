// The portal's one vocabulary: i18next with the catalogs of locales/.
// Components read text with useText() (text.tsx, on react-i18next); code
// outside React (error messages, notices) with i18n.t.
//
// Each language of contract/languages.ts has a folder in locales/ with its
// catalogs, which locales/index.ts loads on demand: the portal's texts and
// Kratos' messages by id (app.ts and kratos.ts), in a chunk of their own
// (web/vite.config.ts), loaded only for the language the page is in: the
// server names it in the page's start-up data, so it arrives beside the app
// (web/src/boot.ts). The admins' pages' texts (admin.ts) are a third file,
// loaded with those pages only (loadAdminTexts), in the namespace `admin`.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, directionOf, languageCookie, type Language } from "#contract/languages.js";
import { locales } from "#locales/index.js";
import { writePreferenceCookie } from "../preference-cookie";

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

/** Whether an admin's page asked for its texts: then a change of language loads them too. */
let adminTextsWanted = false;

/** Loads the admins' pages' texts of a language into i18next, once, and of every language chosen after. */
export async function loadAdminTexts(language: Language): Promise<void> {
  adminTextsWanted = true;
  if (i18n.hasResourceBundle(language, "admin")) return;
  i18n.addResourceBundle(language, "admin", await locales[language].admin());
}

/** Loads a language's two catalogs into i18next, once (and the admins' texts, once an admin's page needed them). */
export async function loadLanguage(language: Language): Promise<void> {
  if (adminTextsWanted) await loadAdminTexts(language);
  if (i18n.hasResourceBundle(language, "translation")) return;
  const [app, kratos] = await Promise.all([locales[language].app(), locales[language].kratos()]);
  i18n.addResourceBundle(language, "kratos", kratos);
  i18n.addResourceBundle(language, "translation", app);
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
