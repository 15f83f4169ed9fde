// The security mails the portal sends, in the reader's language. The words
// are in the catalogs (catalog-en.ts), the shapes in types.ts.
import type { Language } from "#contract/languages.js";
import { ar } from "./catalog-ar.js";
import { de } from "./catalog-de.js";
import { en } from "./catalog-en.js";
import { es } from "./catalog-es.js";
import { fr } from "./catalog-fr.js";
import { ja } from "./catalog-ja.js";
import { ptBR } from "./catalog-pt-BR.js";
import type { MailCatalog, MailId, MailParams, OutgoingMail } from "./types.js";

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
