// OAuth2 scopes in words, for the consent page and Connected apps: what an
// application may do once the user allows it.
const described: Record<string, string> = {
  openid: "Know who you are (your account ID)",
  offline_access: "Stay connected while you are away, without asking you to sign in again",
  email: "See your email address",
  profile: "See your name",
};

export interface ScopeDescription {
  scope: string;
  /** Undefined for a scope the portal does not know: the page shows the scope itself. */
  words: string | undefined;
}

export function describeScope(scope: string): ScopeDescription {
  return { scope, words: Object.hasOwn(described, scope) ? described[scope] : undefined };
}
