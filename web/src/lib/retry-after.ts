// A 429's Retry-After header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
export function retryAfterSecondsOf(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month; anything else (e.g. "-5") is no date.
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
