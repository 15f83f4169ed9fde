// Every route of the SPA, named once. Nothing else spells a route as a string.
export const paths = {
  home: "/",
  verification: "/verification",
  settings: "/settings",
  changePassword: "/changepwd",
  manageClients: "/manage-clients",
  login: "/login",
  logout: "/logout",
  /** Hydra's consent UI: signed in, but without the shell (see publicPaths). */
  consent: "/consent",
  registration: "/registration",
  recovery: "/recovery",
  error: "/error",
} as const;

export type PathName = keyof typeof paths;

/**
 * Public routes render without a session and without the shell (spec §6).
 * /consent is not one: it needs the session (and its second factor), so the
 * gate sends a signed-out user to sign in and back; it only looks like one.
 */
export const publicPaths: readonly string[] = [paths.login, paths.logout, paths.registration, paths.recovery, paths.error];

/** The href of a route with its query, e.g. href("login", { aal: "aal2" }). */
export function href(name: PathName, query: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const qs = search.toString();
  return qs ? `${paths[name]}?${qs}` : paths[name];
}
