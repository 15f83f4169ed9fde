// Sign-in providers (Kratos' oidc method), as the stack configures them and
// the portal's proxy and pages see them.

/**
 * What a provider's id may be: it is part of the callback path the proxy lets
 * through (/kratos/self-service/methods/oidc/callback/<id>) and of every
 * provider's registered redirect URI.
 */
export const providerIdPattern = "^[a-z0-9][a-z0-9_-]{0,63}$";

/** The providers whose mark the pages draw; any other id gets the generic one. */
export const markedProviders = ["google", "github", "microsoft", "apple", "gitlab"] as const;
export type ProviderMark = (typeof markedProviders)[number] | "generic";

/** The mark for a provider id: its first word ("google", "google-work", "gitlab_selfhosted"), else generic. */
export function providerMarkOf(id: string): ProviderMark {
  const word = id.split(/[-_]/)[0];
  return markedProviders.find((mark) => mark === word) ?? "generic";
}

const brandNames: Record<(typeof markedProviders)[number], string> = {
  google: "Google",
  github: "GitHub",
  microsoft: "Microsoft",
  apple: "Apple",
  gitlab: "GitLab",
};

/**
 * A provider's name where Kratos gives no label (a mail, Manage Users): the
 * brand of a marked id used alone ("google"), otherwise the id as the
 * operator wrote it.
 */
export function providerNameOf(id: string): string {
  return (markedProviders as readonly string[]).includes(id) ? brandNames[id as keyof typeof brandNames] : id;
}
