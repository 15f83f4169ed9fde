// Every page of the app, once: contract/pages.ts' facts (path, flow, the
// reads the server answers in advance), and here who may see it, whether the
// server renders it, its code, the catalogs it needs besides the page's
// language, its menu entry and the role it asks for. The route tree
// (routes.tsx), loading on demand (lazy-pages.ts, page-sources.ts) and the
// side menu (shell/menu.ts) are made from it; page-registry.test.ts checks that no
// route is anywhere else. Adding a page: its facts in contract/pages.ts, its
// entry here, its feature folder.
//
// The public pages are in the entry bundle (`Component`): the sign-in page
// must not wait for code only a signed-in user runs. The others load when
// visited, or before (`lazy`, lazy-pages.ts).
import { createElement, Fragment, type ComponentType } from "react";
import { Navigate } from "react-router-dom";
import { pageFacts, type PageFacts, type PageName } from "#contract/pages.js";
import { pagePathOf } from "#contract/settings-sections.js";
import { adminRole } from "#contract/roles.js";
import { ErrorPage, LoginPage, RecoveryPage, RegistrationPage } from "../features/auth";
import { code, type Code } from "./on-demand";
import { LogoutPage } from "./pages/logout-page";

/** The side menu's icons (shell/icons.tsx), by name: the icons stay in the shell's code. */
export type MenuIcon = "verify" | "settings" | "key" | "clients" | "users";

export interface MenuEntry {
  /** The spec's menu key; the menu lists its items by key. */
  key: number;
  /** Its label, under app.menu in the catalog. */
  label: "verifyAccount" | "accountSettings" | "recovery" | "manageClients" | "manageUsers";
  icon: MenuIcon;
}

/** A page's code out of the entry bundle: its modules, and the page made of them. */
export interface LazyPage {
  codes: readonly Code<unknown>[];
  load: () => Promise<ComponentType>;
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
} & ({ Component: ComponentType; lazy?: never } | { lazy: LazyPage; Component?: never });

/** A page made of modules that load on demand, each named by its source file. */
function lazyPage<const M extends readonly unknown[]>(
  codes: { readonly [I in keyof M]: Code<M[I]> },
  page: (...modules: M) => ComponentType,
): LazyPage {
  const all = codes as readonly Code<unknown>[];
  return { codes: all, load: async () => page(...((await Promise.all(all.map((one) => one.load()))) as unknown as M)) };
}

const features = {
  settings: code("src/features/settings/index.ts", () => import("../features/settings")),
  sessions: code("src/features/sessions/index.ts", () => import("../features/sessions")),
  connectedApps: code("src/features/connected-apps/index.ts", () => import("../features/connected-apps")),
  account: code("src/features/account/index.ts", () => import("../features/account")),
  clients: code("src/features/clients/index.ts", () => import("../features/clients")),
  users: code("src/features/users/index.ts", () => import("../features/users")),
  invitation: code("src/features/invitation/index.ts", () => import("../features/invitation")),
  // Out of the auth feature's index, which is in the entry bundle.
  verification: code("src/features/auth/pages/verification-page.tsx", () => import("../features/auth/pages/verification-page")),
  // Out of the consent feature's index, which the entry's logout page imports.
  terms: code("src/features/terms/index.ts", () => import("../features/terms")),
  consent: code("src/features/consent/pages/consent-page.tsx", () => import("../features/consent/pages/consent-page")),
};

const publicPage = { access: "public", shell: false, serverRendered: true } as const;
const shellPage = { access: "signed-in", shell: true, serverRendered: false } as const;

/** The home page is Account Settings' address (the server answers it with a redirect there, contract/pages.ts). */
function Home() {
  return createElement(Navigate, { to: pageFacts.home.opens, replace: true });
}

export const pages: { readonly [N in PageName]: Page } = {
  home: { ...pageFacts.home, ...shellPage, Component: Home },
  login: { ...pageFacts.login, ...publicPage, Component: LoginPage },
  registration: { ...pageFacts.registration, ...publicPage, Component: RegistrationPage },
  recovery: { ...pageFacts.recovery, ...publicPage, Component: RecoveryPage },
  logout: { ...pageFacts.logout, ...publicPage, Component: LogoutPage },
  error: { ...pageFacts.error, ...publicPage, Component: ErrorPage },
  // Out of the entry bundle: only an invitee opens it, once.
  invitation: { ...pageFacts.invitation, ...publicPage, lazy: lazyPage([features.invitation], ({ InvitationPage }) => InvitationPage) },
  consent: {
    ...pageFacts.consent,
    access: "signed-in",
    shell: false,
    serverRendered: true,
    lazy: lazyPage([features.consent], ({ ConsentPage }) => ConsentPage),
  },
  terms: {
    ...pageFacts.terms,
    access: "signed-in",
    shell: false,
    serverRendered: false,
    termsPending: "allowed",
    // Who does not accept may still take their data or delete the account, from this page.
    lazy: lazyPage([features.terms, features.account], ({ TermsPage }, { DownloadDataCard, DeleteAccountCard }) => {
      const alternatives = createElement(
        Fragment,
        null,
        createElement(DownloadDataCard, { returnTo: pageFacts.terms.path }),
        createElement(DeleteAccountCard, { returnTo: pageFacts.terms.path }),
      );
      return function Terms() {
        return createElement(TermsPage, { alternatives });
      };
    }),
  },
  verification: {
    ...pageFacts.verification,
    ...shellPage,
    serverRendered: true,
    menu: { key: 3, label: "verifyAccount", icon: "verify" },
    lazy: lazyPage([features.verification], ({ VerificationPage }) => VerificationPage),
  },
  settings: {
    ...pageFacts.settings,
    ...shellPage,
    serverRendered: true,
    menu: { key: 4, label: "accountSettings", icon: "settings" },
    sections: true,
    // Account Settings holds the cards of the features that have no page of their own, each in its section.
    lazy: lazyPage(
      [features.settings, features.sessions, features.connectedApps, features.account],
      ({ SettingsPage }, { SessionsCard }, { ConnectedAppsCard }, { ActivityCard, DeleteAccountCard, DownloadDataCard }) =>
        function AccountSettings() {
          return createElement(SettingsPage, {
            devices: createElement(Fragment, null, createElement(SessionsCard), createElement(ActivityCard)),
            applications: createElement(ConnectedAppsCard),
            data: createElement(Fragment, null, createElement(DownloadDataCard), createElement(DeleteAccountCard)),
          });
        },
    ),
  },
  changePassword: {
    ...pageFacts.changePassword,
    ...shellPage,
    serverRendered: true,
    menu: { key: 6, label: "recovery", icon: "key" },
    lazy: lazyPage([features.settings], ({ ChangePasswordPage }) => ChangePasswordPage),
  },
  manageClients: {
    ...pageFacts.manageClients,
    ...shellPage,
    serverRendered: true,
    catalogs: ["admin"],
    menu: { key: 7, label: "manageClients", icon: "clients" },
    role: adminRole,
    lazy: lazyPage([features.clients], ({ ManageClientsPage }) => ManageClientsPage),
  },
  manageUsers: {
    ...pageFacts.manageUsers,
    ...shellPage,
    serverRendered: true,
    catalogs: ["admin"],
    // Not in the spec's menu: Manage Users (issue 22) comes after Manage Clients, with the next free key.
    menu: { key: 8, label: "manageUsers", icon: "users" },
    role: adminRole,
    lazy: lazyPage([features.users], ({ ManageUsersPage }) => ManageUsersPage),
  },
  manageUser: {
    ...pageFacts.manageUser,
    ...shellPage,
    serverRendered: true,
    catalogs: ["admin"],
    titleLabel: "manageUsers",
    role: adminRole,
    lazy: lazyPage([features.users], ({ UserPage }) => UserPage),
  },
};

/** The pages, in no particular order (the router ranks routes by their paths). */
export const pageList: readonly Page[] = Object.values(pages);

/** The path its route matches: a page with sections matches every address below it too. */
export const routePathOf = (page: Page): string => (page.sections ? `${page.path}/*` : page.path);

/** The page of a path, if the app has one (a section's address is its page's). */
export const pageOf = (path: string): Page | undefined => {
  const pagePath = pagePathOf(path);
  return pageList.find((page) => page.path === pagePath);
};
