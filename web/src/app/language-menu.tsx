// The language menu, on every page (public pages and the shell's header). The
// choice is kept in a cookie, which the server reads before it renders the
// next page (server/src/language.ts); a signed-in user's account keeps its own
// choice in Account Settings (the `language` trait), for other devices and mail.
import { useId } from "react";
import Form from "react-bootstrap/Form";
import { useText } from "../lib/i18n/text";
import { isLanguage, languageNames, languages } from "#contract/languages.js";
import { saveLanguageChoice } from "../lib/i18n";
import { useHydrated } from "../lib/use-hydrated";

export function LanguageMenu() {
  const { t, i18n } = useText();
  const id = useId();
  // Choosing is the app's work: in the server's page, until the script runs, the menu waits for it.
  const hydrated = useHydrated();
  return (
    <div className="language-menu">
      <label htmlFor={id} className="visually-hidden">
        {t("app.language")}
      </label>
      <Form.Select
        id={id}
        size="sm"
        value={i18n.language}
        disabled={!hydrated}
        onChange={(event) => {
          const language = event.target.value;
          if (isLanguage(language)) void saveLanguageChoice(language);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
