// The one rule for a URL the portal lets a browser go to without having
// built it: a return_to it hands to Kratos, a Location it passes on from
// Kratos, a URL the app follows. Kratos checks return_to against its allow
// list with Go's URL parser, the browser follows it with WHATWG's, and the
// two disagree: Go reads `http:\\evil.example/` as a path on the portal and
// writes it back unchanged, the browser reads the backslashes as slashes and
// goes to evil.example. So a value either reads the same to both, with no
// character that one of them drops or reads as another, or it is refused.

/** Tab, new lines and the other C0 controls, space and DEL (browsers drop them), and the backslash (browsers read a slash). */
function readDifferently(value: string): boolean {
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The URL a browser would follow for `value`, resolved against `base`, when it is an http(s) URL on one of
 * `origins` (each as URL.origin spells it); undefined for anything else.
 */
export function allowedRedirect(value: string, base: string, origins: readonly string[]): string | undefined {
  if (readDifferently(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  return origins.includes(url.origin) ? url.href : undefined;
}
