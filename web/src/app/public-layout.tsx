// Public pages (sign-in, registration, recovery, logout, errors) render here,
// without the shell: the product's name above the page's own card, and the
// theme menu in the top corner.
import { Outlet } from "react-router-dom";
import { useProductName } from "../lib/operator-texts";
import { ThemeMenu } from "../lib/theme-choice/theme-menu";
import { LanguageMenu } from "./language-menu";
import { BrandLinks, BrandLogo } from "./brand";

export function PublicLayout() {
  const productName = useProductName();
  return (
    <div className="public-page">
      <header>
        <div className="public-brand">
          <BrandLogo productName={productName} />
        </div>
        <div className="public-tools">
          <LanguageMenu />
          <ThemeMenu />
        </div>
      </header>
      <main className="public-main">
        <Outlet />
      </main>
      <BrandLinks />
    </div>
  );
}
