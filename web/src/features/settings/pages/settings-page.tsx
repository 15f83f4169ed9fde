// /settings (Account Settings): one page of the app with a section at each address below it
// (contract/settings-sections.ts), a sub-navigation, and each section a component of its own. Profile,
// sign-in and security and preferences are this feature's; the app passes in the sections that other
// features' cards make (devices, applications, your data), since features do not import each other.
// The server renders a section like the browser: the router in both matches the same nested route. The
// document's title names the section (app/page-title.ts). An address below it that is no section's is the
// app's "not found" page (app/routes.tsx).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useText } from "../../../lib/i18n/text";
import { Route, Routes, useLocation, useNavigate } from "react-router-dom";
import { settingsPath, settingsSectionOf, type SettingsSection } from "#contract/settings-sections.js";
import { SettingsNav } from "../components/settings-nav";
import { noteNativeSubmit, readNativeSubmit } from "../hooks/use-settings-flow";
import { PreferencesSection } from "../sections/preferences-section";
import { ProfileSection } from "../sections/profile-section";
import { SecuritySection, securityGroups } from "../sections/security-section";

/** The sections whose cards stand two side by side on a wide screen: forms and lists of a few lines each. */
const pairedSections: ReadonlySet<SettingsSection> = new Set(["security", "data"]);

export interface SettingsPageProps {
  /** Above every section: a notice from another feature (the wrong passwords since the sign-in before). */
  notice?: ReactNode;
  /** The sections whose cards come from other features. */
  devices: ReactNode;
  applications: ReactNode;
  data: ReactNode;
}

export function SettingsPage({ notice, devices, applications, data }: SettingsPageProps) {
  const { t } = useText();
  const { pathname, search } = useLocation();
  const section = settingsSectionOf(pathname);
  useReturnToActingSection(section, search);

  return (
    <div className="account-page settings-page">
      <h1 className="h3 mb-4">{t("settings.title")}</h1>
      {notice}
      <div className="settings-layout">
        <SettingsNav />
        <div
          className={section !== undefined && pairedSections.has(section) ? "settings-section settings-section--pairs" : "settings-section"}
        >
          <Routes>
            <Route index element={<ProfileSection />} />
            <Route path="security" element={<SecuritySection />} />
            <Route path="devices" element={devices} />
            <Route path="applications" element={applications} />
            <Route path="preferences" element={<PreferencesSection />} />
            <Route path="data" element={data} />
          </Routes>
        </div>
      </div>
    </div>
  );
}

/**
 * Kratos answers a form the browser posted itself (a security key, a passkey, linking a provider) at its
 * settings UI URL, which is paths.settings: the card that acted noted its group, and its section is where the
 * person goes on, with the flow that says how it went. After the first render, which hydrates the server's.
 */
function useReturnToActingSection(section: SettingsSection | undefined, search: string): void {
  const navigate = useNavigate();
  const [acted] = useState(readNativeSubmit);
  // Once, for the page load the note answers.
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (section !== "profile" || acted === undefined || !securityGroups.has(acted)) return;
    // The section's own flow reads the note again.
    noteNativeSubmit(acted);
    void navigate({ pathname: settingsPath("security"), search }, { replace: true });
  }, [acted, navigate, search, section]);
}
