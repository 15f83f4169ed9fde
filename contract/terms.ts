// Which version of the terms of service a person accepted, and when: their
// identity's metadata_public.terms, which only Kratos' admin API writes (the
// portal, at registration through Kratos' web hook and on the page that asks
// again) and the operator reads there (docs/identity-schema.md).

export interface TermsAcceptance {
  /** TERMS_VERSION when they accepted. */
  version: string;
  /** When, as an ISO 8601 time. */
  accepted_at: string;
}

export function acceptedTermsOf(metadata: unknown): TermsAcceptance | undefined {
  const terms = (metadata as { terms?: unknown } | null | undefined)?.terms as Partial<TermsAcceptance> | undefined;
  return typeof terms?.version === "string" && typeof terms.accepted_at === "string"
    ? { version: terms.version, accepted_at: terms.accepted_at }
    : undefined;
}

/** The identity's metadata_public after accepting: the same object with `terms` set. */
export function withTermsAccepted(metadata: unknown, acceptance: TermsAcceptance): Record<string, unknown> {
  const rest = metadata !== null && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {};
  return { ...rest, terms: acceptance };
}

/** The version a signed-in person must accept before anything else, or undefined when they have. */
export function termsPendingOf(metadata: unknown, currentVersion: string | undefined): string | undefined {
  if (currentVersion === undefined) return undefined;
  return acceptedTermsOf(metadata)?.version === currentVersion ? undefined : currentVersion;
}
