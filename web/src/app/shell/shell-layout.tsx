// The signed-in layout: side menu, header, the page, and a footer line. Only
// rendered by the session gate when there is a session.
import { useEffect } from "react";
import { useText } from "../../lib/i18n/text";
import { Outlet, useLocation } from "react-router-dom";
import { displayName, useCurrentSession } from "../../lib/current-session";
import { useProductName } from "../../lib/operator-texts";
import { useHydrated } from "../../lib/use-hydrated";
import { BrandLinks, hasBrandLinks } from "../brand";
import { pageTitleOf } from "../page-title";
import { SessionWatch } from "../session/session-watch";
import { Header } from "./header";
import { Sidebar } from "./sidebar";
import { useCollapsed } from "./use-collapsed";

const mainId = "main-content";

export function ShellLayout() {
  const { t } = useText();
  const { session } = useCurrentSession();
  const { collapsed, open, folded, toggle, close } = useCollapsed();
  // In the browser's time zone, which the server that rendered the page does not know.
  const hydrated = useHydrated();
  usePageTitle();
  // The layout of a narrow screen is the stylesheet's (app.scss): these say only what the reader chose.
  const classes = ["shell", collapsed && "shell--collapsed", open && "shell--open"].filter(Boolean).join(" ");

  return (
    <div className={classes}>
      <a className="skip-link" href={`#${mainId}`}>
        {t("app.skipToContent")}
      </a>
      {/* On a narrow screen the opened menu overlays the page, so following a link folds it away. */}
      <Sidebar folded={folded} roles={session.roles} onNavigate={close} />
      <div className="shell-body">
        <Header userName={displayName(session)} menuFolded={folded} onToggleMenu={toggle} />
        <main id={mainId} className="shell-main" tabIndex={-1}>
          <Outlet />
        </main>
        {((hydrated && session.expires_at) || hasBrandLinks()) && (
          <footer className="shell-footer">
            {hydrated && session.expires_at && <p>{t("app.sessionValidUntil", { expiresAt: new Date(session.expires_at) })}</p>}
            <BrandLinks />
          </footer>
        )}
        <SessionWatch />
      </div>
    </div>
  );
}

/** The document's title names the page, as the server's <title> does (page-title.ts); off the shell, the product's. */
function usePageTitle(): void {
  const { pathname } = useLocation();
  // The product's name in the page's language; a change of language renders the shell, and the title, anew.
  const product = useProductName();
  const title = pageTitleOf(pathname) ?? product;
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = product;
    };
  }, [title, product]);
}
