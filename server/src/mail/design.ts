// The one look of every mail: the portal's (messages.ts) and Kratos' code mails (courier-templates.ts writes
// their templates with it), docs/branding.md#mails. Tables and inline styles, which mail clients render; one
// <style> for the dark theme, which clients that honour prefers-color-scheme apply, while those that invert
// colours themselves find explicit, mid-contrast colours on every cell. Nothing is fetched: no remote image, no
// stylesheet, no font, no script. The layout takes HTML that its caller has already escaped (`Html`), so that
// Kratos' templates can hand it Go template actions; `escapeHtml` is for every word of the catalogs, the
// operator and the user.
import { directionOf, type Language } from "#contract/languages.js";
import { contrast, minimumContrast } from "../branding/contrast.js";
import type { MailAccent } from "./types.js";

/** Markup whose text is already escaped. */
export type Html = string & { readonly html: unique symbol };

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };

export const escapeHtml = (text: string): Html => text.replace(/[&<>"']/g, (character) => entities[character] ?? character) as Html;

/** Markup written here or by a template generator, trusted as it is. */
export const html = (markup: string): Html => markup as Html;

type Rgb = [number, number, number];

/** The card the mail's words stand on, in each theme, and the colour of its words. */
const palette = {
  light: { page: "#f1f3f5", card: "#ffffff", border: "#d0d7de", text: "#1f2328", muted: "#57606a", code: "#eef1f4" },
  dark: { page: "#0d1117", card: "#161b22", border: "#30363d", text: "#e6edf3", muted: "#9198a1", code: "#21262d" },
} as const;

/** The accent without an operator's colour, or when theirs does not read on the mail's background. */
const defaultPrimary = "#0b5ed7";

function rgbOf(hex: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return undefined;
  const digits = match[1].length === 3 ? match[1].replace(/./g, "$&$&") : match[1];
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as Rgb;
}

const hexOf = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
const towardWhite = (rgb: Rgb, weight: number) => rgb.map((channel) => Math.round(channel + (255 - channel) * weight)) as Rgb;
const reads = (foreground: Rgb, background: string) => contrast(foreground, rgbOf(background) as Rgb) >= minimumContrast;

/**
 * The mail's accent from the operator's primary colour (BRAND_PRIMARY_COLOR): the colour itself where it reads
 * on the light card (WCAG AA, 4.5:1), else the portal's blue; on the dark card, the first tint of it, a tenth
 * lighter at a time, that reads there.
 */
export function mailAccent(primary: string | undefined): MailAccent {
  const own = primary === undefined ? undefined : rgbOf(primary);
  const light = own && reads(own, palette.light.card) ? own : (rgbOf(defaultPrimary) as Rgb);
  let weight = 0;
  while (!reads(towardWhite(light, weight), palette.dark.card) && weight < 1) weight += 0.1;
  return { light: hexOf(light), dark: hexOf(towardWhite(light, Math.min(weight, 1))) };
}

export interface MailLayout {
  language: Language;
  /** The subject, as the page's title. */
  title: Html;
  /** The product's name, in the header and as the mark's alt text. */
  product: Html;
  /** The mark's sources (`cid:` references), when there is one. */
  mark?: { light: string; dark?: string };
  /** The paragraphs, each already markup. */
  paragraphs: Html[];
  /** Below the rule: the signature's lines after the product's name. */
  footer: Html;
  /** The accent's colours: hex, or a template action that writes one. */
  accent: { light: string; dark: string };
}

const font = "font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans JP',Arial,sans-serif";

/** The mark beside the name: the dark variant only where the client applies the dark theme's style. */
function markImages(layout: MailLayout): string {
  if (!layout.mark) return "";
  const image = (source: string, className: string, style: string) =>
    `<img src="${source}" class="${className}" width="32" height="32" alt="${layout.product}" style="${style}width:32px;height:32px;border:0;vertical-align:middle;">`;
  const light = image(layout.mark.light, "mark-light", "display:inline-block;");
  const dark = layout.mark.dark ? image(layout.mark.dark, "mark-dark", "display:none;") : "";
  return `${light}${dark}&nbsp;`;
}

/** A link in the accent's colour. */
export const link = (href: Html, text: Html, accent: string): Html =>
  html(`<a href="${href}" class="accent" style="color:${accent};text-decoration:underline;">${text}</a>`);

/** A one-time code, large and spaced, to read and type. */
export const code = (value: Html): Html =>
  html(
    `<strong class="code" dir="ltr" style="display:inline-block;padding:6px 12px;margin:4px 0;background-color:${palette.light.code};border-radius:6px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:24px;letter-spacing:4px;color:${palette.light.text};">${value}</strong>`,
  );

/** The whole HTML part. */
export function mailHtml(layout: MailLayout): Html {
  const dir = directionOf(layout.language);
  const start = dir === "rtl" ? "right" : "left";
  const { light, dark } = palette;
  const paragraphs = layout.paragraphs.map((paragraph) => `<p style="margin:0 0 16px 0;">${paragraph}</p>`).join("\n");
  return html(`<!doctype html>
<html lang="${layout.language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${layout.title}</title>
<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .page { background-color: ${dark.page} !important; }
  .card { background-color: ${dark.card} !important; border-color: ${dark.border} !important; }
  .text { color: ${dark.text} !important; }
  .muted { color: ${dark.muted} !important; border-color: ${dark.border} !important; }
  .accent { color: ${layout.accent.dark} !important; }
  .header { border-color: ${layout.accent.dark} !important; }
  .code { background-color: ${dark.code} !important; color: ${dark.text} !important; }
  .mark-light { display: none !important; }
  .mark-dark { display: inline-block !important; }
}
</style>
</head>
<body class="page" style="margin:0;padding:0;background-color:${light.page};">
<table role="presentation" class="page" lang="${layout.language}" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${light.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" class="card" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${light.card};border:1px solid ${light.border};border-radius:8px;">
<tr><td class="header accent" style="padding:20px 24px;border-bottom:3px solid ${layout.accent.light};${font};font-size:18px;font-weight:bold;color:${layout.accent.light};text-align:${start};">${markImages(layout)}${layout.product}</td></tr>
<tr><td class="text" style="padding:24px 24px 8px 24px;${font};font-size:16px;line-height:1.5;color:${light.text};text-align:${start};">
<h1 class="text" style="margin:0 0 16px 0;font-size:20px;line-height:1.3;color:${light.text};">${layout.title}</h1>
${paragraphs}
</td></tr>
<tr><td class="muted" style="padding:16px 24px;border-top:1px solid ${light.border};${font};font-size:14px;line-height:1.5;color:${light.muted};text-align:${start};">${layout.product}${layout.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`);
}
