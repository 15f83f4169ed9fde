// An email address as Kratos takes it for the identity schema's `email` trait
// (format "email"): the invite dialog, the list's rows and the server's schema
// all ask this one function, so that no address reaches Kratos that it would
// refuse. Kratos v1.3.1 validates the format with github.com/ory/jsonschema/v3
// (formats.go, isEmail): the address at most 254 bytes, the part before the
// last "@" at most 64 bytes, the rest a host name (isHostname: ASCII letters,
// digits and hyphens, labels of 1 to 63 characters, none ending with a
// hyphen), and the whole accepted by Go's net/mail.ParseAddress (a dot-atom
// or a quoted string before the "@", UTF-8 allowed there by RFC 6532). Kratos
// converts no internationalised domain name (its x/normalize.go only
// lower-cases an address), so a domain with other letters than ASCII is
// refused: it is written in its ASCII form (xn--…), as Kratos will match it.

/** The longest address, in UTF-8 bytes (Go's len), which a JSON schema's maxLength in characters can bound too. */
export const emailAddressMax = 254;
/** The longest part before the "@", in UTF-8 bytes. */
export const localPartMax = 64;
/** The longest label of the domain. */
export const domainLabelMax = 63;

/** The name of the server's schema format that is this file's check (`isEmailAddress`). */
export const emailAddressFormat = "kratos-email";

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** RFC 5322's atext as Go reads it: a visible ASCII character but the specials, or any character beyond ASCII. */
const atext = /^[!#-'*+\-/-9=?A-Z^-~\u0080-\u{10FFFF}]+$/u;
/** A quoted string: printable ASCII but `"` and `\`, spaces and tabs, characters beyond ASCII, and `\` before any of them. */
const quoted = /^"(?:[ \t!#-[\]-~\u0080-\u{10FFFF}]|\\[ \t!-~\u0080-\u{10FFFF}])+"$/u;
const label = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

function isLocalPart(local: string): boolean {
  if (local === "" || bytes(local) > localPartMax) return false;
  if (local.startsWith('"')) return quoted.test(local);
  return local.split(".").every((atom) => atext.test(atom));
}

/**
 * A label may not start with a hyphen: RFC 1123's rule, which Kratos' check means to apply but reads only on the
 * domain's first character; refusing it on every label refuses nothing a mail server would deliver.
 */
function isDomain(domain: string): boolean {
  return domain.split(".").every((part) => part.length <= domainLabelMax && label.test(part));
}

/** Whether Kratos takes the text as its identity schema's email address. */
export function isEmailAddress(address: string): boolean {
  if (bytes(address) > emailAddressMax) return false;
  const at = address.lastIndexOf("@");
  return at > 0 && isLocalPart(address.slice(0, at)) && isDomain(address.slice(at + 1));
}
