// Public pages (sign-in, registration, recovery, logout, errors) render here,
// without the shell: the product's name above the page's own card.
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { LanguageMenu } from "./language-menu";
import { BrandIcon } from "./shell/icons";

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <LanguageMenu />
      <header className="public-brand">
        <BrandIcon />
        <span>{t("app.name")}</span>
      </header>
      <main className="public-main">
        <Outlet />
      </main>
    </div>
  );
}
