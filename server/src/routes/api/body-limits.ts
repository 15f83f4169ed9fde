// How much of a request body each /api route reads, in bytes: no more than
// its largest honest body, so that nobody makes the portal parse megabytes.
export const bodyLimits = {
  /** A route that takes no body still reads a stray `{}`; anything bigger is refused (413). */
  none: 1024,
  /** An OAuth2 client is a few hundred bytes; this leaves room for dozens of long redirect URIs. */
  client: 32 * 1024,
  /** A consent challenge (Hydra 2 seals the whole flow into it, ~1–2 KB) and the granted scopes. */
  consentDecision: 16 * 1024,
  /** A typed confirmation (an email address) and nothing else. */
  confirmation: 1024,
  /** A role or a state to set (Manage Users). */
  userChange: 1024,
  /** A challenge and nothing else. */
  challenge: 4 * 1024,
  /** One invitation: an address, a name, a language, the roles. */
  invitation: 2 * 1024,
  /** A list's addresses before it is sent: up to 500 of up to 320 characters, quoted and separated. */
  invitationCheck: 192 * 1024,
  /** A batch of an import: up to importBatchMax (250) people, each an address, a name, roles and a hash of up to 1 KB. */
  userImport: 1024 * 1024,
  /** An invitation link's token and nothing else. */
  invitationToken: 1024,
  /** A security mail's undo token and nothing else. */
  undoToken: 1024,
};
