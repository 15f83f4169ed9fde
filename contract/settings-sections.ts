// The sections of Account Settings (settingsRootPath), each at an address of its own: Profile at the page's own
// path, every other one below it. One page for the app's route table, the menu and the server's page lists;
// which section shows is the settings feature's routing, which the server's render runs too.

/** Account Settings' own address (contract/pages.ts names it for the page registry), Profile's. */
export const settingsRootPath = "/settings";

export const settingsSections = ["profile", "security", "devices", "applications", "preferences", "data"] as const;

export type SettingsSection = (typeof settingsSections)[number];

/** A section's address. */
export function settingsPath(section: SettingsSection): string {
  return section === "profile" ? settingsRootPath : `${settingsRootPath}/${section}`;
}

/** The section a path names, or undefined for any path that is not one. */
export function settingsSectionOf(pathname: string): SettingsSection | undefined {
  return settingsSections.find((section) => settingsPath(section) === pathname);
}

/** The app page a path belongs to: a section's address is Account Settings', any other path its own. */
export function pagePathOf(pathname: string): string {
  return settingsSectionOf(pathname) === undefined ? pathname : settingsRootPath;
}

/** The sections that show the settings flow's forms: only their pages start a settings flow. */
export const settingsFlowSections: ReadonlySet<SettingsSection> = new Set(["profile", "security"]);
