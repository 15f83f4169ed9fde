// The side menu of the account shell, as the product's spec lists it. Keys are the spec's menu keys; labels are
// the spec's, from the catalog. The spec's "Recovery" item is the signed-in user's password page
// (paths.changePassword); Kratos' recovery flow for someone who cannot sign in is the public /recovery.
import type { ComponentType } from "react";
import { i18n } from "../../lib/i18n";
import { paths } from "#contract/paths.js";
import { ClientsIcon, KeyIcon, LogoutIcon, SettingsIcon, UsersIcon, VerifyIcon } from "./icons";

export interface MenuItem {
  key: number;
  label: string;
  path: string;
  icon: ComponentType;
  /** Shown only to users whose roles include this one. */
  role?: string;
}

const menuItems = [
  { key: 3, label: "verifyAccount", path: paths.verification, icon: VerifyIcon },
  { key: 4, label: "accountSettings", path: paths.settings, icon: SettingsIcon },
  { key: 6, label: "recovery", path: paths.changePassword, icon: KeyIcon },
  { key: 7, label: "manageClients", path: paths.manageClients, icon: ClientsIcon, role: "admin" },
  // Not in the spec's menu: Manage Users (issue 22) comes after Manage Clients, with the next free key.
  { key: 8, label: "manageUsers", path: paths.manageUsers, icon: UsersIcon, role: "admin" },
] as const;

/** Logout sits apart at the bottom: it asks for confirmation instead of linking. */
export const logoutItem = { key: 5, icon: LogoutIcon } as const;

/** The items a user with these roles sees, labelled in the current language. */
export function menuFor(roles: readonly string[]): MenuItem[] {
  return menuItems
    .filter((item) => !("role" in item) || roles.includes(item.role))
    .map((item) => ({ ...item, label: i18n.t(`app.menu.${item.label}`) }));
}
