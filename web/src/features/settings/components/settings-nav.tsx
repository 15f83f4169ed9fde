// The sub-navigation of Account Settings: a list of the sections beside them on a wide screen, a compact
// list that wraps above them on a phone (settings-page.css). Plain links, so it works before the script runs.
import { useText } from "../../../lib/i18n/text";
import { NavLink } from "react-router-dom";
import { settingsPath, settingsSections } from "#contract/settings-sections.js";

export function SettingsNav() {
  const { t } = useText();
  return (
    <nav className="settings-nav" aria-label={t("settings.sections.nav")}>
      <ul>
        {settingsSections.map((section) => (
          <li key={section}>
            <NavLink to={settingsPath(section)} end>
              {t(`settings.sections.${section}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
