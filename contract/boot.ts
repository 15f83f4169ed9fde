// The element of index.html in which the app page (server/src/routes/app-page.ts)
// puts the app's start-up data (schemas/app-page.ts), and the app reads it.
import { withQuery } from "./query.js";

export const bootElementId = "portal-boot";

/** How many clients a page of Manage Clients' list holds. */
export const clientsPageSize = 25;

/** The GET /api requests of the pages the server renders, by the URL the app asks and the app page answers in advance. */
export const apiReads = {
  consentRequest: (challenge: string) => withQuery("/api/oauth2/consent", { consent_challenge: challenge }),
  logoutRequest: (challenge: string) => withQuery("/api/oauth2/logout", { logout_challenge: challenge }),
  /** Manage Clients' list before any search: its first page. */
  clientsFirstPage: withQuery("/api/clients", { page_size: clientsPageSize }),
  /** The traits' fields, for the forms that edit them. */
  identitySchemas: "/api/identity-schemas",
  /** Account Settings' Devices and activity: the recent security activity. */
  accountActivity: "/api/account/activity",
  /** After signing in, on Account Settings: the wrong passwords since the sign-in before. */
  failedSignIns: "/api/account/failed-sign-ins",
  /** Account Settings' Applications: the connected apps. */
  connectedApps: "/api/oauth2/consents",
  /** The invitee's welcome, for the link's page. */
  invitation: (token: string) => withQuery("/api/invitation", { token }),
  /** What a security mail's undo link would revert, for the link's page. */
  undo: (token: string) => withQuery("/api/undo", { token }),
  /** Account Settings' Devices and activity: the sessions of this account, this browser's first. */
  mySessions: "/api/account/sessions",
  /** Manage Users' list for a search (empty: everyone): its first page. */
  usersFirstPage: (search: { email: string; match: "prefix" | "exact" }) =>
    withQuery("/api/users", { email: search.email.trim(), match: search.match }),
  /** One person's page on Manage Users. */
  user: (id: string) => `/api/users/${encodeURIComponent(id)}`,
};

/**
 * Marks the app page's own reads of them. Fetching a page must not act: a link preview, or a script's fetch that
 * follows Kratos' and Hydra's redirects, loads a page without a person behind it. So a read that would answer
 * Hydra by itself (a remembered consent) leaves that to the page's script when it carries this header.
 */
export const pageReadHeader = "x-portal-page-read";
