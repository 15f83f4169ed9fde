// The security mails the portal sends, in the reader's language, as plain
// text and as HTML saying the same (design.ts). The words are in the catalogs
// (locales/en/mail.ts), the shapes in types.ts.
import { basename } from "node:path";
import type { Language } from "#contract/languages.js";
import { mailProductName } from "#contract/operator-texts.js";
import type { OperatorTexts } from "#contract/schemas/runtime-config.js";
import { mailCatalogs } from "#locales/mail.js";
import type { BrandingConfig } from "../branding/read-branding.js";
import { escapeHtml, html, link, mailAccent, mailHtml, type Html } from "./design.js";
import type { MailBrand, MailId, MailImage, MailMessages, MailParams, OutgoingMail } from "./types.js";

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

/** The portal's own mail: no product name, no support contact, the portal's colour, no mark. */
export const unbranded: MailBrand = { productName: () => undefined, support: undefined, accent: mailAccent(undefined), mark: undefined };

/**
 * The operator's product name (OPERATOR_TEXTS_FILE's productName; in a language without one, the English),
 * support contact, colour (BRAND_PRIMARY_COLOR, where it reads on the mail) and mark.
 */
export function mailBrand(texts: OperatorTexts, support: string | undefined, primary?: string, mark?: MailBrand["mark"]): MailBrand {
  return { productName: (language) => mailProductName(texts, language), support, accent: mailAccent(primary), mark };
}

/** The operator's mark (BRAND_MARK, BRAND_MARK_DARK) as images inside the mail: the files the portal serves. */
export function mailMark(branding: BrandingConfig): MailBrand["mark"] {
  const image = (path: string | undefined, cid: string): MailImage | undefined => {
    const file = branding.files.find((candidate) => candidate.path === path);
    return file && { cid, filename: basename(file.path), contentType: file.type, content: file.body };
  };
  const light = image(branding.public.mark?.light, "mark-light@portal");
  const dark = image(branding.public.mark?.dark, "mark-dark@portal");
  return light && { light, ...(dark ? { dark } : {}) };
}

/** The signature below a mail: the product's name and where to get help, those the operator gave; "" without. */
function footer(brand: MailBrand, language: Language): string {
  const lines = [brand.productName(language), brand.support && mailCatalogs[language].footer.support(brand.support)].filter(Boolean);
  return lines.length > 0 ? `\n\n-- \n${lines.join("\n")}` : "";
}

/** The values of a mail that are links: in HTML, where the text says them, they are links. */
const linkParams = new Set(["settingsUrl", "link", "usersUrl", "undoLink", "recoveryUrl"]);

/** The support line below the name: a mailto: link for an address, else the page's. */
function supportHtml(brand: MailBrand, language: Language, accent: string): Html {
  if (!brand.support) return html("");
  const contact = escapeHtml(brand.support);
  const href = escapeHtml(/^https?:/i.test(brand.support) ? brand.support : `mailto:${brand.support}`);
  // The catalog words the line around the contact; the contact becomes the link.
  const [before = "", after = ""] = mailCatalogs[language].footer.support("\u0000").split("\u0000");
  return html(`<br>${escapeHtml(before)}${link(href, contact, accent)}${escapeHtml(after)}`);
}

/** The text as HTML: its paragraphs, its lines, and each link value a link. */
function paragraphsHtml(text: string, links: string[], accent: string): Html[] {
  return text.split("\n\n").map((paragraph) => {
    let markup: string = escapeHtml(paragraph);
    for (const url of links) markup = markup.split(escapeHtml(url)).join(link(escapeHtml(url), escapeHtml(url), accent));
    return html(markup.replaceAll("\n", "<br>\n"));
  });
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
  const undoLink = (params as { undoLink?: unknown }).undoLink;
  const text = message.text(params) + (typeof undoLink === "string" ? `\n\n${mailCatalogs[language].undo(undoLink)}` : "");
  const links = Object.entries(params).flatMap(([name, value]) => (linkParams.has(name) && typeof value === "string" ? [value] : []));
  const product = escapeHtml(brand.productName(language) ?? mailCatalogs[language].productName);
  const body = mailHtml({
    language,
    title: escapeHtml(message.subject),
    product,
    mark: brand.mark && { light: `cid:${brand.mark.light.cid}`, ...(brand.mark.dark ? { dark: `cid:${brand.mark.dark.cid}` } : {}) },
    paragraphs: paragraphsHtml(text, links, brand.accent.light),
    footer: supportHtml(brand, language, brand.accent.light),
    accent: brand.accent,
  });
  return { to, subject: message.subject, text: text + footer(brand, language), html: body };
}
