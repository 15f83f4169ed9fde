// The document's title names the page, and Account Settings' section, in the page's language: the shell sets
// it in the browser (shell-layout.tsx) and the server's render returns the same for the page's <title>
// (entry-server.tsx), so that a tab, a bookmark and a screen reader name the page before any script runs.
import { settingsSectionOf } from "#contract/settings-sections.js";
import { i18n } from "../lib/i18n";
import { pageAt } from "./page-registry";

/** The title of the page at this path, if it names itself: a signed-in page by its menu entry's label. */
export function pageTitleOf(pathname: string): string | undefined {
  const page = pageAt(pathname);
  const label = page?.menu?.label ?? page?.titleLabel;
  if (!page || !label) return undefined;
  if (!page.sections) return i18n.t(`app.menu.${label}`);
  // Account Settings: the section, then the page's heading.
  const section = settingsSectionOf(pathname);
  const name = i18n.t("settings.title");
  return section === undefined ? name : `${i18n.t(`settings.sections.${section}`)} · ${name}`;
}
