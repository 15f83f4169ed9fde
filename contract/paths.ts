// Every route of the app, named once. Nothing else spells a route as a string.
// Plain constants, so that the server, the stack (Kratos' and Hydra's UI URLs)
// and the tests read them too. Which routes are public is said by the app's
// route tree.
export const paths = {
  home: "/",
  verification: "/verification",
  settings: "/settings",
  /** The password form alone; the menu's "Recovery" item opens it (the spec's name for setting a new password). */
  changePassword: "/changepwd",
  manageClients: "/manage-clients",
  /** Manage Users: the search. */
  manageUsers: "/manage-users",
  /** One person's page on Manage Users: href("manageUser", { id }). */
  manageUser: "/manage-users/user",
  login: "/login",
  logout: "/logout",
  /** Hydra's consent UI: signed in, but without the shell. */
  consent: "/consent",
  registration: "/registration",
  /** Kratos' recovery flow: a code by mail for someone who cannot sign in. */
  recovery: "/recovery",
  error: "/error",
} as const;

export type PathName = keyof typeof paths;

export type Query = Readonly<Record<string, string | number | undefined>>;

/** `path` with the query's values that are neither undefined nor empty: the one way a URL with a query is built. */
export function withQuery(path: string, query: Query = {}): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined || value === "" ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
}

/** The href of a route with its query, e.g. href("login", { aal: "aal2" }). */
export function href(name: PathName, query: Query = {}): string {
  return withQuery(paths[name], query);
}
