// The element of index.html in which the app page (server/src/routes/app-page.ts)
// puts the app's start-up data (schemas/app-page.ts), and the app reads it.
import { paths, withQuery } from "./paths.js";
import { settingsSectionOf } from "./settings-sections.js";

export const bootElementId = "portal-boot";

/** How many clients a page of Manage Clients' list holds. */
export const clientsPageSize = 25;

/** The GET /api requests of the pages the server renders, by the URL the app asks and the app page answers in advance. */
export const apiReads = {
  consentRequest: (challenge: string) => withQuery("/api/oauth2/consent", { consent_challenge: challenge }),
  logoutRequest: (challenge: string) => withQuery("/api/oauth2/logout", { logout_challenge: challenge }),
  /** Manage Clients' list before any search: its first page. */
  clientsFirstPage: withQuery("/api/clients", { page_size: clientsPageSize }),
  /** Account Settings' Devices and activity: the recent security activity. */
  accountActivity: "/api/account/activity",
  /** Account Settings' Applications: the connected apps. */
  connectedApps: "/api/oauth2/consents",
};

/**
 * Marks the app page's own reads of them. Fetching a page must not act: a link preview, or a script's fetch that
 * follows Kratos' and Hydra's redirects, loads a page without a person behind it. So a read that would answer
 * Hydra by itself (a remembered consent) leaves that to the page's script when it carries this header.
 */
export const pageReadHeader = "x-portal-page-read";

/**
 * The GET /api requests a page's first render makes: the app page asks its own routes for them and puts their
 * answers into the page (BootData's `answers`), so that the server can render the page with them.
 */
export function pageApiReads(pathname: string, search: { get(name: string): string | null }): string[] {
  const consent = search.get("consent_challenge");
  const logout = search.get("logout_challenge");
  if (pathname === paths.consent && consent) return [apiReads.consentRequest(consent)];
  if (pathname === paths.logout && logout) return [apiReads.logoutRequest(logout)];
  // Its route's own guards (the admin role, a second factor) decide whether there is an answer to put in.
  if (pathname === paths.manageClients) return [apiReads.clientsFirstPage];
  const section = settingsSectionOf(pathname);
  if (section === "devices") return [apiReads.accountActivity];
  if (section === "applications") return [apiReads.connectedApps];
  return [];
}
