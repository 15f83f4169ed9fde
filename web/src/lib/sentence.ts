// A server's or Kratos' short message as a sentence: they often start in
// lower case and end without a stop. A message that starts with a URI or an
// identifier (e.g. authorization_code) keeps it as it is.
export function sentence(message: string): string {
  const text = message.trim();
  const capitalised = /^[a-z]+(\s|$)/.test(text) ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
