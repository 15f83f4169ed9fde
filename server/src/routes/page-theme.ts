// The reader's explicit theme (the cookie of contract/theme.ts) written into
// the page's <head>: data-bs-theme on <html>, which the stylesheet's colour
// modes follow (web/src/app/bootstrap.scss), and the colour scheme the browser
// draws its own parts in (scroll bars, form controls, the canvas before the
// stylesheet arrives). Without a choice the page stays as index.html has it:
// both schemes, the system's preference picks.
import type { ExplicitTheme } from "#contract/theme.js";

const colorSchemeMeta = /<meta name="color-scheme" content="[^"]*"/;

export function themedHead(head: string, theme: ExplicitTheme | undefined): string {
  if (!theme) return head;
  return head
    .replace(/<html\b([^>]*)>/, `<html$1 data-bs-theme="${theme}">`)
    .replace(colorSchemeMeta, `<meta name="color-scheme" content="${theme}"`);
}
