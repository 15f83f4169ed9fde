// The security mails the portal sends, in the reader's language. The words
// are in the catalogs (locales/en/mail.ts), the shapes in types.ts.
import type { Language } from "#contract/languages.js";
import { mailProductName } from "#contract/operator-texts.js";
import type { OperatorTexts } from "#contract/schemas/runtime-config.js";
import { mailCatalogs } from "#locales/mail.js";
import type { MailBrand, MailId, MailMessages, MailParams, OutgoingMail } from "./types.js";

export { mailCatalogs };

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

/** The portal's own mail: no product name, no support contact. */
export const unbranded: MailBrand = { productName: () => undefined, support: undefined };

/** The operator's product name (OPERATOR_TEXTS_FILE's productName; in a language without one, the English) and support contact. */
export function mailBrand(texts: OperatorTexts, support: string | undefined): MailBrand {
  return { productName: (language) => mailProductName(texts, language), support };
}

/** The signature below a mail: the product's name and where to get help, those the operator gave; "" without. */
function footer(brand: MailBrand, language: Language): string {
  const lines = [brand.productName(language), brand.support && mailCatalogs[language].footer.support(brand.support)].filter(Boolean);
  return lines.length > 0 ? `\n\n-- \n${lines.join("\n")}` : "";
}

/** A mail in the account's language (its `language` trait, server/src/language.ts; English without one). */
export function renderMail<Id extends MailId>(
  id: Id,
  to: string,
  params: MailParams[Id],
  language: Language,
  brand: MailBrand = unbranded,
): OutgoingMail {
  const messages: MailMessages = mailCatalogs[language];
  const message = messages[id];
  return { to, subject: message.subject, text: message.text(params) + footer(brand, language) };
}
