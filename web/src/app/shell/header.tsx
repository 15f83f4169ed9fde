import { useText } from "../../lib/i18n/text";
import { LanguageMenu } from "../language-menu";
import { ThemeMenu } from "../../lib/theme-choice/theme-menu";
import { useHydrated } from "../../lib/use-hydrated";
import { SidebarIcon } from "./icons";
import { sidebarId } from "./sidebar";

interface HeaderProps {
  userName: string;
  /** The side menu shows folded on this screen. */
  menuFolded: boolean;
  onToggleMenu: () => void;
}

export function Header({ userName, menuFolded, onToggleMenu }: HeaderProps) {
  const { t } = useText();
  const hydrated = useHydrated();
  return (
    <header className="shell-header">
      <button
        type="button"
        className="icon-button"
        aria-label={menuFolded ? t("app.expandMenu") : t("app.collapseMenu")}
        aria-controls={sidebarId}
        // The menu folds with the app's script: in the server's page the button waits for it.
        disabled={!hydrated}
        onClick={onToggleMenu}
      >
        <SidebarIcon />
      </button>
      <div className="shell-tools">
        <LanguageMenu />
        <ThemeMenu />
        <div className="shell-user">
          <span className="avatar" aria-hidden="true">
            {initials(userName)}
          </span>
          <span className="shell-user-name">
            <span className="visually-hidden">{t("app.signedInAs")}</span>
            {userName}
          </span>
        </div>
      </div>
    </header>
  );
}

function initials(name: string): string {
  const words = name.includes("@") ? [name] : name.split(/\s+/);
  return words
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
}
