// Every page of the app, once: contract/pages.ts' facts (path, flow, the
// reads the server answers in advance), and here who may see it, whether the
// server renders it, its code, the catalogs it needs besides the page's
// language, its menu entry and the role it asks for. The route tree
// (routes.tsx), loading on demand (lazy-pages.ts, page-sources.ts) and the
// side menu (shell/menu.ts) are made from it; page-registry.test.ts checks
// that no route is anywhere else. Adding a page: its facts in contract/pages.ts, its
// entry here, its feature folder.
//
// The public pages are in the entry bundle (`Component`): the sign-in page
// must not wait for code only a signed-in user runs. The others load when
// visited, or before (`module`, lazy-pages.ts): each names its file in
// lazy-modules/, which exports the page's component, composed there from the
// features' parts (on-demand.ts).
import type { ComponentType } from "react";
import { pageFacts, type PageFacts, type PageName } from "#contract/pages.js";
import { pagePathOf } from "#contract/settings-sections.js";
import { adminRole } from "#contract/roles.js";
import { ErrorPage, LoginPage, RecoveryPage, RegistrationPage } from "../features/auth";
import type { ModuleName } from "./on-demand";
import { HomePage } from "./pages/home-page";
import { LogoutPage } from "./pages/logout-page";

/** The side menu's icons (shell/icons.tsx), by name: the icons stay in the shell's code. */
export type MenuIcon = "verify" | "settings" | "key" | "clients" | "users";

export interface MenuEntry {
  /** Its place in the side menu, which lists its items by key. */
  key: number;
  /** Its label, under app.menu in the catalog. */
  label: "verifyAccount" | "accountSettings" | "recovery" | "manageClients" | "manageUsers";
  icon: MenuIcon;
}

export type Page = PageFacts & {
  /** public: renders without a session; signed-in: a visitor without one is sent to sign in and back (session/gate.ts). */
  access: "public" | "signed-in";
  /** Inside the shell (header, side menu). Hydra's consent page is signed in but stands alone, like /login. */
  shell: boolean;
  /**
   * The server renders it too: every public page, and a signed-in one whose first render reads nothing but the
   * session, its flow and its apiReads (route-access.ts).
   */
  serverRendered: boolean;
  /** Catalogs it loads with its code, besides the page's language's: the admins' texts (lib/i18n: loadAdminTexts). */
  catalogs?: readonly "admin"[];
  menu?: MenuEntry;
  /** A page off the menu names itself in the document's title by this menu entry's label (page-title.ts). */
  titleLabel?: MenuEntry["label"];
  /** Only users with this role see it (and its menu entry); others get the not-allowed page. */
  role?: string;
  /** "allowed": shown to a person who has not accepted the current terms of service yet; any other page sends them to accept. */
  termsPending?: "allowed";
  /** Its sections are at addresses below its path, routed by the page itself (Account Settings: contract/settings-sections.ts). */
  sections?: true;
} & (
    | { Component: ComponentType; module?: never }
    | {
        /** The module that loads on demand with its component (on-demand.ts), out of the entry bundle. */
        module: ModuleName;
        Component?: never;
      }
  );

const publicPage = { access: "public", shell: false, serverRendered: true } as const;
const shellPage = { access: "signed-in", shell: true, serverRendered: false } as const;

export const pages: { readonly [N in PageName]: Page } = {
  home: { ...pageFacts.home, ...shellPage, Component: HomePage },
  login: { ...pageFacts.login, ...publicPage, Component: LoginPage },
  registration: { ...pageFacts.registration, ...publicPage, Component: RegistrationPage },
  recovery: { ...pageFacts.recovery, ...publicPage, Component: RecoveryPage },
  logout: { ...pageFacts.logout, ...publicPage, Component: LogoutPage },
  error: { ...pageFacts.error, ...publicPage, Component: ErrorPage },
  invitation: { ...pageFacts.invitation, ...publicPage, module: "/src/app/lazy-modules/invitation.tsx" },
  undo: { ...pageFacts.undo, ...publicPage, module: "/src/app/lazy-modules/undo.tsx" },
  consent: {
    ...pageFacts.consent,
    access: "signed-in",
    shell: false,
    serverRendered: true,
    module: "/src/app/lazy-modules/consent.tsx",
  },
  terms: {
    ...pageFacts.terms,
    access: "signed-in",
    shell: false,
    serverRendered: false,
    termsPending: "allowed",
    module: "/src/app/lazy-modules/terms.tsx",
  },
  verification: {
    ...pageFacts.verification,
    ...shellPage,
    serverRendered: true,
    menu: { key: 3, label: "verifyAccount", icon: "verify" },
    module: "/src/app/lazy-modules/verification.tsx",
  },
  settings: {
    ...pageFacts.settings,
    ...shellPage,
    serverRendered: true,
    menu: { key: 4, label: "accountSettings", icon: "settings" },
    sections: true,
    module: "/src/app/lazy-modules/account-settings.tsx",
  },
  changePassword: {
    ...pageFacts.changePassword,
    ...shellPage,
    serverRendered: true,
    menu: { key: 6, label: "recovery", icon: "key" },
    module: "/src/app/lazy-modules/change-password.tsx",
  },
  manageClients: {
    ...pageFacts.manageClients,
    ...shellPage,
    serverRendered: true,
    catalogs: ["admin"],
    menu: { key: 7, label: "manageClients", icon: "clients" },
    role: adminRole,
    module: "/src/app/lazy-modules/manage-clients.tsx",
  },
  manageUsers: {
    ...pageFacts.manageUsers,
    ...shellPage,
    serverRendered: true,
    catalogs: ["admin"],
    // Added after the menu's first items: Manage Users comes after Manage Clients, with the next free key.
    menu: { key: 8, label: "manageUsers", icon: "users" },
    role: adminRole,
    module: "/src/app/lazy-modules/manage-users.tsx",
  },
  manageUser: {
    ...pageFacts.manageUser,
    ...shellPage,
    serverRendered: true,
    catalogs: ["admin"],
    titleLabel: "manageUsers",
    role: adminRole,
    module: "/src/app/lazy-modules/user.tsx",
  },
};

/** The pages, in no particular order (the router ranks routes by their paths). */
export const pageList: readonly Page[] = Object.values(pages);

/** The path its route matches: a page with sections matches every address below it too. */
export const routePathOf = (page: Page): string => (page.sections ? `${page.path}/*` : page.path);

/** The page of a path, if the app has one (a section's address is its page's). */
export const pageAt = (path: string): Page | undefined => {
  const pagePath = pagePathOf(path);
  return pageList.find((page) => page.path === pagePath);
};
