// The side menu of the account shell: the pages with a menu entry
// (page-registry.ts), in the order of their menu keys, labelled from the
// catalog. The "Recovery" item is the signed-in user's password
// page (paths.changePassword); Kratos' recovery flow for someone who cannot
// sign in is the public /recovery.
import type { ComponentType } from "react";
import { i18n } from "../../lib/i18n";
import { pageList, type MenuIcon } from "../page-registry";
import { ClientsIcon, KeyIcon, LogoutIcon, SettingsIcon, UsersIcon, VerifyIcon } from "./icons";

export interface MenuItem {
  key: number;
  label: string;
  path: string;
  icon: ComponentType;
}

const icons: Record<MenuIcon, ComponentType> = {
  verify: VerifyIcon,
  settings: SettingsIcon,
  key: KeyIcon,
  clients: ClientsIcon,
  users: UsersIcon,
};

/** Logout sits apart at the bottom: it asks for confirmation instead of linking. */
export const logoutItem = { key: 5, icon: LogoutIcon } as const;

/** The items a user with these roles sees, labelled in the current language. */
export function menuFor(roles: readonly string[]): MenuItem[] {
  return pageList
    .flatMap(({ path, menu, role }) => (menu && (!role || roles.includes(role)) ? [{ path, ...menu }] : []))
    .sort((a, b) => a.key - b.key)
    .map(({ key, label, path, icon }) => ({ key, path, label: i18n.t(`app.menu.${label}`), icon: icons[icon] }));
}
