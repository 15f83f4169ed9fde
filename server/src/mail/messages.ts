// The security mails the portal sends and what each needs to say. The words
// are in the catalog (catalog-en.ts); this file only knows the shapes.
import type { Device } from "#contract/devices.js";
import type { Language } from "#contract/languages.js";
import type { OutgoingMail } from "../state/portal-state.js";
import { ar } from "./catalog-ar.js";
import { de } from "./catalog-de.js";
import { en } from "./catalog-en.js";
import { es } from "./catalog-es.js";
import { fr } from "./catalog-fr.js";
import { ja } from "./catalog-ja.js";
import { ptBR } from "./catalog-pt-BR.js";

export type SecondFactor = "totp" | "webauthn" | "passkey" | "lookup_secret";

interface Common {
  /** When it happened, already formatted for the reader. */
  at: string;
  /** Account Settings, where "this wasn't me" leads. */
  settingsUrl: string;
}

export interface MailParams {
  /** The device's names from contract/devices.ts' lists ("" where unknown, which the catalog words); ip "" when unknown. */
  sign_in_new_device: Common & Device & { ip: string };
  password_changed: Common;
  second_factor_added: Common & { method: SecondFactor };
  second_factor_removed: Common & { method: SecondFactor };
  email_changed: Common & { from: string; to: string };
  /** A sign-in provider, by its name (Google, or the id an operator gave it). */
  provider_linked: Common & { provider: string };
  provider_unlinked: Common & { provider: string };
  recovery_used: Common;
  account_deleted: Pick<Common, "at">;
  account_deleted_by_admin: Pick<Common, "at">;
  role_granted: Common & { role: string };
  role_revoked: Common & { role: string };
  account_deactivated: Pick<Common, "at">;
  account_reactivated: Common;
}

export type MailId = keyof MailParams;

export type MailCatalog = { [Id in MailId]: { subject: string; text: (params: MailParams[Id]) => string } };

/** The catalog of each language of contract/languages.ts (catalog-<tag>.ts). */
export const mailCatalogs: Record<Language, MailCatalog> = { en, de, fr, es, "pt-BR": ptBR, ja, ar };

/** A mail time as the reader's language writes it, in UTC, to the minute: the reader's zone is not known. */
export const mailTime = (date: Date, language: Language): string =>
  new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(date);

/** A mail in the account's language (its `language` trait, server/src/language.ts; English without one). */
export function renderMail<Id extends MailId>(id: Id, to: string, params: MailParams[Id], language: Language): OutgoingMail {
  const message = mailCatalogs[language][id];
  return { to, subject: message.subject, text: message.text(params) };
}
