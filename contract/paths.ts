// Every route of the SPA, named once. Nothing else spells a route as a string.
// A plain module (no browser or React imports), so that tooling outside the
// app can read it too. Which routes are public is said by the route tree.
export const paths = {
  home: "/",
  verification: "/verification",
  settings: "/settings",
  changePassword: "/changepwd",
  manageClients: "/manage-clients",
  login: "/login",
  logout: "/logout",
  /** Hydra's consent UI: signed in, but without the shell. */
  consent: "/consent",
  registration: "/registration",
  recovery: "/recovery",
  error: "/error",
} as const;

export type PathName = keyof typeof paths;

/** The href of a route with its query, e.g. href("login", { aal: "aal2" }). */
export function href(name: PathName, query: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const qs = search.toString();
  return qs ? `${paths[name]}?${qs}` : paths[name];
}
