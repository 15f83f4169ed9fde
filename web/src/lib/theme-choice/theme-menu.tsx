// The theme menu of every page's header (the shell's top bar, the public
// pages' header): a native select, which needs no styles beyond Bootstrap's
// form controls and works by keyboard and screen reader as is.
import { useId } from "react";
import { useText } from "../i18n/text";
import { useHydrated } from "../use-hydrated";
import { chooseTheme, themeChoices, useThemeChoice, type ThemeChoice } from "./theme-choice";
import "./theme-menu.css";

export function ThemeMenu() {
  const { t } = useText();
  const choice = useThemeChoice();
  const id = useId();
  // Choosing is the app's work: in the server's page, until the script runs, the menu waits for it.
  const hydrated = useHydrated();
  return (
    <div className="theme-menu">
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" />
        <path d="M8 1.5a6.5 6.5 0 0 0 0 13z" fill="currentColor" />
      </svg>
      <label htmlFor={id} className="visually-hidden">
        {t("theme.label")}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={choice}
        disabled={!hydrated}
        onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}
      >
        {themeChoices.map((option) => (
          <option key={option} value={option}>
            {t(`theme.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
