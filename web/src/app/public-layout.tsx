// Public pages (sign-in, registration, recovery, logout, errors) render here,
// without the shell: the product's name above the page's own card, and the
// theme menu in the top corner.
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { ThemeMenu } from "../lib/theme-choice/theme-menu";
import { LanguageMenu } from "./language-menu";
import { BrandIcon } from "./shell/icons";

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <header>
        <div className="public-brand">
          <BrandIcon />
          <span>{t("app.name")}</span>
        </div>
        <div className="public-tools">
          <LanguageMenu />
          <ThemeMenu />
        </div>
      </header>
      <main className="public-main">
        <Outlet />
      </main>
    </div>
  );
}
