import { useId, type ReactElement } from "react";
import OverlayTrigger from "react-bootstrap/OverlayTrigger";
import Tooltip from "react-bootstrap/Tooltip";
import { useText } from "../../lib/i18n/text";
import { NavLink, useNavigate } from "react-router-dom";
import { useConfirm } from "../../lib/feedback/use-confirm";
import { useProductName } from "../../lib/operator-texts";
import { useHydrated } from "../../lib/use-hydrated";
import { paths } from "#contract/paths.js";
import { preloadPage } from "../lazy-pages";
import { BrandMark } from "../brand";
import { logoutItem, menuFor } from "./menu";

export const sidebarId = "sidebar";

interface SidebarProps {
  /** The menu shows folded: its icons get tooltips (the stylesheet hides the labels). */
  folded: boolean;
  roles: readonly string[];
  /** Called after a menu link is followed. */
  onNavigate: () => void;
}

export function Sidebar({ folded, roles, onNavigate }: SidebarProps) {
  const { t } = useText();
  const productName = useProductName();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const logoutLabel = t("app.menu.logout");
  // Asking first is the app's work: in the server's page, until the script runs, the button waits for it.
  const hydrated = useHydrated();

  async function confirmLogout() {
    const confirmed = await confirm({
      title: t("app.logoutConfirm.title"),
      body: t("app.logoutConfirm.body"),
      cancelLabel: t("app.logoutConfirm.cancel"),
      confirmLabel: t("app.logoutConfirm.confirm"),
    });
    if (confirmed) void navigate(paths.logout);
  }

  return (
    <nav id={sidebarId} aria-label={t("app.mainMenu")} className="sidebar">
      <div className="sidebar-panel">
        <div className="sidebar-brand">
          <BrandMark />
          <span className="sidebar-label">{productName}</span>
        </div>
        <div className="sidebar-body">
          <ul className="sidebar-menu">
            {menuFor(roles).map((item) => (
              <li key={item.key}>
                <WithTooltip label={item.label} enabled={folded}>
                  <NavLink
                    to={item.path}
                    className="sidebar-link"
                    onClick={onNavigate}
                    // Reaching a link starts loading its page, so that following it does not wait for the network.
                    onMouseEnter={() => preloadPage(item.path)}
                    onFocus={() => preloadPage(item.path)}
                  >
                    <item.icon />
                    <span className="sidebar-label">{item.label}</span>
                  </NavLink>
                </WithTooltip>
              </li>
            ))}
          </ul>
          <div className="sidebar-bottom">
            <WithTooltip label={logoutLabel} enabled={folded}>
              <button type="button" className="sidebar-link" disabled={!hydrated} onClick={() => void confirmLogout()}>
                <logoutItem.icon />
                <span className="sidebar-label">{logoutLabel}</span>
              </button>
            </WithTooltip>
          </div>
        </div>
      </div>
      {dialog}
    </nav>
  );
}

/**
 * With the labels hidden, a tooltip names each icon for sighted users. The trigger stays in the tree when the
 * labels show, only idle: a link or button wrapped and unwrapped as the menu folds (a click on the toggle, a
 * window crossing the narrow width) would be a new element each time, and the focus on it would be lost,
 * Logout's included, to which its dialog gives the focus back.
 */
function WithTooltip({ label, enabled, children }: { label: string; enabled: boolean; children: ReactElement }) {
  const id = useId();
  return (
    <OverlayTrigger
      placement="right"
      trigger={enabled ? ["hover", "focus"] : []}
      show={enabled ? undefined : false}
      overlay={<Tooltip id={id}>{label}</Tooltip>}
    >
      {children}
    </OverlayTrigger>
  );
}
