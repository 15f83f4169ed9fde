// The side menu of spec §2 and §9. Keys are the spec's menu keys.
import type { ComponentType } from "react";
import { paths } from "../../lib/paths";
import { ClientsIcon, KeyIcon, LogoutIcon, SettingsIcon, VerifyIcon } from "./icons";

export interface MenuItem {
  key: number;
  label: string;
  path: string;
  icon: ComponentType;
  /** Shown only to users whose roles include this one. */
  role?: string;
}

const menuItems: readonly MenuItem[] = [
  { key: 3, label: "Verify Account", path: paths.verification, icon: VerifyIcon },
  { key: 4, label: "Account Settings", path: paths.settings, icon: SettingsIcon },
  { key: 6, label: "Recovery", path: paths.changePassword, icon: KeyIcon },
  { key: 7, label: "Manage Clients", path: paths.manageClients, icon: ClientsIcon, role: "admin" },
];

/** Logout sits apart at the bottom: it asks for confirmation instead of linking. */
export const logoutItem = { key: 5, label: "Logout", icon: LogoutIcon } as const;

export function menuFor(roles: readonly string[]): MenuItem[] {
  return menuItems.filter((item) => item.role === undefined || roles.includes(item.role));
}
