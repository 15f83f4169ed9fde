// Public pages (sign-in, registration, recovery, logout, errors) render here,
// without the shell: the product's name above the page's own card.
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { BrandIcon } from "./shell/icons";

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-page">
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
