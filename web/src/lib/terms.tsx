// The terms of service people accept (TERMS_URL, PRIVACY_URL, TERMS_VERSION in
// the runtime configuration, docs/identity-schema.md): their links, in the
// label of the schema's terms checkbox and on the page that asks again.
import { useText } from "./i18n/text";
import type { TermsAcceptanceBody } from "#contract/schemas/account.js";
import type { TermsLinks } from "#contract/schemas/runtime-config.js";
import { apiRequest } from "./api-client";
import { bootConfig } from "./boot-data";
import type { TraitField } from "./flows/trait-fields";

/** The operator's terms, when they configured them. */
export function termsLinks(): TermsLinks | undefined {
  return bootConfig()?.terms;
}

/** Records that the signed-in person accepts this version of the terms (POST /api/account/terms). */
export function acceptTerms(version: string): Promise<undefined> {
  const body: TermsAcceptanceBody = { version };
  return apiRequest<undefined>("/api/account/terms", { method: "POST", body });
}

/** Whether these traits tick the schema's terms checkbox (`"x-account-portal": { "terms": true }`). */
export function acceptsTerms(fields: readonly TraitField[] | undefined, traits: unknown): boolean {
  const field = fields?.find((candidate) => candidate.terms);
  if (!field) return false;
  const value = field.name
    .split(".")
    .slice(1)
    .reduce<unknown>(
      (inner, key) => (typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>)[key] : undefined),
      traits,
    );
  return value === true;
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useText();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> ({t("flows.newTab")})</span>
    </a>
  );
}

/** The terms' link, and the privacy notice's where there is one. */
export function TermsLinksText({ terms }: { terms: TermsLinks }) {
  const { t } = useText();
  return (
    <>
      <ExternalLink href={terms.url}>{t("flows.termsLink")}</ExternalLink>
      {terms.privacyUrl !== undefined && (
        <>
          {" · "}
          <ExternalLink href={terms.privacyUrl}>{t("flows.privacyLink")}</ExternalLink>
        </>
      )}
    </>
  );
}
