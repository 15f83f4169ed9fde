// Every page of the app, once, with what the server needs to know of it: its
// path, the Kratos flow it shows (the server starts one for it, the proxy
// sends Kratos' redirects there) and the GET /api reads of its first render
// (the server answers them in advance). The app's page registry
// (web/src/app/pages.ts) extends each entry with the rest: who may see it,
// how it loads, its menu entry. contract/paths.ts names the paths from here.
import { apiReads } from "./boot.js";
import type { FlowKind } from "./flows.js";
import { pagePathOf, settingsRootPath, settingsSectionOf } from "./settings-sections.js";

type Search = { get(name: string): string | null };

export interface PageFacts {
  readonly path: string;
  /** The self-service flow the page shows. */
  readonly flow?: FlowKind;
  /** The GET /api requests the page's first render makes, by the URL the app asks (contract/boot.ts: apiReads). */
  readonly apiReads?: (search: Search, pathname: string) => readonly string[];
  /** The page is another page's address: the server answers it with a redirect there, the app with a navigation. */
  readonly opens?: string;
  /**
   * The page may show in the window an application opened to sign its user in (an OAuth2 popup): Hydra's
   * login, consent, logout and error pages, and those a sign-in leads to. It keeps the window's tie to the
   * application that opened it, which then hears back; every other page is a window of its own
   * (server/src/routes/app-page.ts: Cross-Origin-Opener-Policy).
   */
  readonly signInWindow?: true;
}

export const pageFacts = {
  /** The home page opens Account Settings. */
  home: { path: "/", opens: settingsRootPath },
  verification: { path: "/verification", flow: "verification", signInWindow: true },
  /** Account Settings: Profile at its own path, each other section below it (contract/settings-sections.ts). */
  settings: {
    path: settingsRootPath,
    flow: "settings",
    apiReads: (_search, pathname) => {
      const section = settingsSectionOf(pathname);
      // Every section opens with the notice of wrong passwords since the sign-in before.
      const notice = [apiReads.failedSignIns];
      if (section === "devices") return [...notice, apiReads.mySessions, apiReads.accountActivity];
      if (section === "applications") return [...notice, apiReads.connectedApps];
      return section === "profile" ? [...notice, apiReads.identitySchemas] : notice;
    },
  },
  /** The password form alone; the menu's "Recovery" item opens it (the spec's name for setting a new password). */
  changePassword: { path: "/changepwd", flow: "settings" },
  manageClients: {
    path: "/manage-clients",
    // Its route's own guards (the admin role, a second factor) decide whether there is an answer to put in.
    apiReads: () => [apiReads.clientsFirstPage],
  },
  /** Manage Users: the search, in the URL (?email=, ?match=); its route's guards decide whether there is an answer to put in. */
  /** With the schema's traits, which name the person's traits and the search's listed columns. */
  manageUsers: { path: "/manage-users", apiReads: (search) => [apiReads.usersFirstPage(userSearchOf(search)), apiReads.identitySchemas] },
  /** One person's page on Manage Users: href("manageUser", { id }). */
  manageUser: {
    path: "/manage-users/user",
    apiReads: (search) => [...readOf(search.get("id"), apiReads.user), apiReads.identitySchemas],
  },
  login: { path: "/login", flow: "login", signInWindow: true },
  logout: {
    path: "/logout",
    apiReads: (search) => readOf(search.get("logout_challenge"), apiReads.logoutRequest),
    signInWindow: true,
  },
  /** Hydra's consent UI: signed in, but without the shell. */
  consent: {
    path: "/consent",
    apiReads: (search) => readOf(search.get("consent_challenge"), apiReads.consentRequest),
    signInWindow: true,
  },
  registration: { path: "/registration", flow: "registration", apiReads: () => [apiReads.identitySchemas], signInWindow: true },
  /** Kratos' recovery flow: a code by mail for someone who cannot sign in. */
  recovery: { path: "/recovery", flow: "recovery", signInWindow: true },
  error: { path: "/error", signInWindow: true },
  /** A new version of the terms of service, to accept before anything else (TERMS_VERSION). */
  terms: { path: "/terms", signInWindow: true },
  /** The mailed invitation link: a welcome, and accepting (server/src/services/invitations.ts). */
  invitation: { path: "/invitation", apiReads: (search) => readOf(search.get("token"), apiReads.invitation) },
  /** A security mail's undo link: what it reverts, and confirming (server/src/services/undo.ts). */
  undo: { path: "/undo", apiReads: (search) => readOf(search.get("token"), apiReads.undo) },
} as const satisfies Record<string, PageFacts>;

export type PageName = keyof typeof pageFacts;

const readOf = (value: string | null, read: (value: string) => string) => (value ? [read(value)] : []);

/** Manage Users' search as its URL says it: the email address (or its start), matched as a prefix unless exact. */
export function userSearchOf(search: Search): { email: string; match: "prefix" | "exact" } {
  return { email: search.get("email") ?? "", match: search.get("match") === "exact" ? "exact" : "prefix" };
}

/** The page of a path, if the app has one. */
export function pageOfPath(path: string): PageFacts | undefined {
  const pagePath = pagePathOf(path);
  return Object.values<PageFacts>(pageFacts).find((page) => page.path === pagePath);
}

/**
 * Whether the app has a page at a path, as its router reads it (a trailing slash changes nothing): any other
 * path is answered with the app's "not found" page and a 404.
 */
export function isPagePath(path: string): boolean {
  return pageOfPath(path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path) !== undefined;
}

/** The path of the page that shows a kind of flow. */
export function flowPagePath(kind: FlowKind): string {
  const page = Object.values<PageFacts>(pageFacts).find((facts) => facts.flow === kind);
  if (!page) throw new Error(`No page shows the ${kind} flow`);
  return page.path;
}

/**
 * The GET /api requests a page's first render makes: the app page asks its own routes for them and puts their
 * answers into the page (BootData's `answers`), so that the server can render the page with them.
 */
export function pageApiReads(pathname: string, search: Search): readonly string[] {
  return pageOfPath(pathname)?.apiReads?.(search, pathname) ?? [];
}
