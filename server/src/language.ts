// Which of the portal's languages (contract/languages.ts) a page or a mail is
// in. A page: the visitor's saved choice (the language cookie, which the app's
// language menu sets), then the signed-in account's (its `language` trait,
// which follows it to another device), then the browser's Accept-Language, by
// best match (negotiator: "pt" finds pt-BR, "de-AT" finds de), then English.
// A mail: the account's, then English; it answers no request to read a cookie
// or a header from.
import Negotiator from "negotiator";
import { cookieValue } from "#contract/cookies.js";
import { defaultLanguage, isLanguage, languageCookie, languageTrait, languages, type Language } from "#contract/languages.js";

/** The language an identity chose, from its traits; undefined if none or not one of ours. */
function traitLanguage(traits: unknown): Language | undefined {
  const value = typeof traits === "object" && traits !== null ? (traits as Record<string, unknown>)[languageTrait] : undefined;
  return isLanguage(value) ? value : undefined;
}

function cookieLanguage(cookieHeader: string | undefined): Language | undefined {
  const value = cookieValue(cookieHeader, languageCookie);
  return isLanguage(value) ? value : undefined;
}

export interface LanguageInputs {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  /** The signed-in identity's traits, if any. */
  traits?: unknown;
}

/** The language of a page: the one the server renders it in, writes on <html lang> and hands the app in BootData. */
export function pageLanguage({ cookie, acceptLanguage, traits }: LanguageInputs): Language {
  const saved = cookieLanguage(cookie) ?? traitLanguage(traits);
  if (saved) return saved;
  const negotiated = new Negotiator({ headers: { "accept-language": acceptLanguage ?? "" } }).language([...languages]);
  return acceptLanguage && isLanguage(negotiated) ? negotiated : defaultLanguage;
}

/** The language of a mail to an account, from its identity's traits. */
export function mailLanguage(traits: unknown): Language {
  return traitLanguage(traits) ?? defaultLanguage;
}
