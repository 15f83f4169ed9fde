// Account Settings' Preferences: how the portal looks on this device. The language is a trait of the account,
// so it is saved with the profile.
import { AppearanceCard } from "../components/appearance-card";

export function PreferencesSection() {
  return <AppearanceCard />;
}
