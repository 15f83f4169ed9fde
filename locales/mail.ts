// The portal's mails in every language of contract/languages.ts, each from
// its folder (locales/<tag>/mail.ts), loaded once when the server starts, so
// that a mail is worded at once: a language without its catalog stops the
// start, naming the file.
import { languages, type Language } from "#contract/languages.js";
import type { MailCatalog } from "../server/src/mail/types.js";

const catalogOf = async (language: Language): Promise<MailCatalog> =>
  ((await import(`./${language}/mail.ts`)) as { mail: MailCatalog }).mail;

export const mailCatalogs = Object.fromEntries(
  await Promise.all(languages.map(async (language) => [language, await catalogOf(language)] as const)),
) as Record<Language, MailCatalog>;
