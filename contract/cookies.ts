// One cookie of a Cookie header (or of document.cookie). The portal's own
// preference cookies (theme.ts, languages.ts, menu.ts) hold plain tokens, so
// the value is compared as it is, never decoded: a malformed %-escape cannot
// throw.
export function cookieValue(cookies: string | undefined, name: string): string | undefined {
  for (const part of cookies?.split(";") ?? []) {
    const equals = part.indexOf("=");
    if (equals >= 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}
