import { useId, type ReactElement } from "react";
import OverlayTrigger from "react-bootstrap/OverlayTrigger";
import Tooltip from "react-bootstrap/Tooltip";
import { NavLink, useNavigate } from "react-router-dom";
import { useModal } from "../../lib/feedback";
import { paths } from "../../lib/paths";
import { BrandIcon } from "./icons";
import { logoutItem, menuFor } from "./menu";

export const sidebarId = "sidebar";

interface SidebarProps {
  collapsed: boolean;
  roles: readonly string[];
  /** Called after a menu link is followed. */
  onNavigate?: () => void;
}

export function Sidebar({ collapsed, roles, onNavigate }: SidebarProps) {
  const modal = useModal();
  const navigate = useNavigate();
  const labelClass = collapsed ? "visually-hidden" : "sidebar-label";
  const confirmLogout = () =>
    modal.open({
      title: "Notification",
      body: "Are you sure want to exit the system ?",
      cancelLabel: "Cancel",
      confirmLabel: "Confirm",
      onConfirm: () => navigate(paths.logout),
    });
  const LogoutIcon = logoutItem.icon;

  return (
    <nav id={sidebarId} aria-label="Main menu" className="sidebar" data-testid="sidebar">
      <div className="sidebar-brand">
        <BrandIcon />
        <span className={labelClass}>Account</span>
      </div>
      <div className="sidebar-body">
        <ul className="sidebar-menu">
          {menuFor(roles).map((item) => (
            <li key={item.key}>
              <WithTooltip label={item.label} enabled={collapsed}>
                <NavLink to={item.path} className="sidebar-link" onClick={onNavigate}>
                  <item.icon />
                  <span className={labelClass}>{item.label}</span>
                </NavLink>
              </WithTooltip>
            </li>
          ))}
        </ul>
        <div className="sidebar-bottom">
          <WithTooltip label={logoutItem.label} enabled={collapsed}>
            <button type="button" className="sidebar-link" onClick={confirmLogout}>
              <LogoutIcon />
              <span className={labelClass}>{logoutItem.label}</span>
            </button>
          </WithTooltip>
        </div>
      </div>
    </nav>
  );
}

/** With the labels hidden, a tooltip names each icon for sighted users. */
function WithTooltip({ label, enabled, children }: { label: string; enabled: boolean; children: ReactElement }) {
  const id = useId();
  if (!enabled) return children;
  return (
    <OverlayTrigger placement="right" overlay={<Tooltip id={id}>{label}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}
