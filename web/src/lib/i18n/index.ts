// The portal's one vocabulary: i18next with the catalogs of this folder.
// Components read text with useTranslation() (react-i18next); code outside
// React (error messages, notices) with i18n.t. Another language is another
// pair of catalogs in `resources`; no component changes.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";
import { kratosEn } from "./kratos-en";

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: en, kratos: kratosEn } },
  ns: ["translation", "kratos"],
  defaultNS: "translation",
  // The catalogs are bundled, so the first render already has every text.
  initAsync: false,
  // React escapes what it renders; escaping here too would show &amp; and the like.
  interpolation: { escapeValue: false },
});
