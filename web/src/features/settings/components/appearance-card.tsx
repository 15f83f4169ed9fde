// Account Settings' Appearance card: the same choice as the headers' theme menu, as radio buttons.
import Form from "react-bootstrap/Form";
import { useText } from "../../../lib/i18n/text";
import { SectionCard } from "../../../lib/components/cards";
import { chooseTheme, themeChoices, useThemeChoice } from "../../../lib/theme-choice/theme-choice";
import { useHydrated } from "../../../lib/use-hydrated";

export function AppearanceCard() {
  const { t } = useText();
  const choice = useThemeChoice();
  // Choosing is the app's work: in the server's page, until the script runs, the choices wait for it.
  const hydrated = useHydrated();
  return (
    <SectionCard title={t("theme.settingsTitle")} description={t("theme.settingsDescription")}>
      <fieldset>
        <legend className="visually-hidden">{t("theme.label")}</legend>
        {themeChoices.map((option) => (
          <Form.Check
            key={option}
            type="radio"
            id={`theme-${option}`}
            name="theme"
            label={t(`theme.${option}`)}
            checked={choice === option}
            disabled={!hydrated}
            onChange={() => chooseTheme(option)}
          />
        ))}
      </fieldset>
    </SectionCard>
  );
}
