// The operator's branding (docs/branding.md): the logo and the mark, the
// primary colour, the support contact and the legal links. Read and checked
// once, at start: an image file is read into memory and served by the portal
// itself under a name holding its hash (routes/branding.ts), the colour is
// checked for WCAG AA contrast in both themes and written into a stylesheet of
// custom properties. The product's name is the operator's texts' (operator-texts.ts).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { ConfigError, readSupport, type Env } from "#contract/env-values.js";
import type { Branding } from "#contract/schemas/runtime-config.js";

/** Every page shows the images: a file beyond this is a mistake, not a logo. */
export const maxImageBytes = 256 * 1024;

/** WCAG 2.1 AA for normal text (1.4.3). */
export const minimumContrast = 4.5;

/** Bootstrap's page backgrounds (the cards') and the buttons' text, which the colour must stand out from. */
const lightBackground: Rgb = [255, 255, 255];
const darkBackground: Rgb = [33, 37, 41];
const buttonText: Rgb = [255, 255, 255];

type Rgb = [number, number, number];

const imageTypes = { svg: "image/svg+xml", png: "image/png", webp: "image/webp" } as const;
type ImageKind = keyof typeof imageTypes;

/** A file the portal serves at its path, from memory. */
export interface BrandFile {
  path: string;
  type: string;
  body: Buffer;
  /** An SVG is a document that could run script if opened on its own: it is served sandboxed. */
  sandboxed: boolean;
}

export interface BrandingConfig {
  /** What the app is told (runtime config's BRANDING); empty when nothing is configured. */
  public: Branding;
  /** The images and the colours' stylesheet, by path. */
  files: BrandFile[];
  /** The colours' stylesheet, linked from every page's head; undefined: Bootstrap's own. */
  stylesheet: string | undefined;
  /** For the portal's mails' footer. */
  support: string | undefined;
}

const hashOf = (body: Buffer) => createHash("sha256").update(body).digest("hex").slice(0, 16);

function kindOf(body: Buffer): ImageKind | undefined {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (body.subarray(0, 4).toString("latin1") === "RIFF" && body.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  const text = body.toString("utf8");
  // A text (no NUL) whose first element is <svg>, after an XML declaration, comments or a doctype.
  if (!text.includes("\0") && /^\uFEFF?\s*(<\?xml[^>]*>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i.test(text)) return "svg";
  return undefined;
}

function readImage(env: Env, name: string, role: string): BrandFile | undefined {
  const path = env[name];
  if (!path) return undefined;
  let body: Buffer;
  try {
    body = readFileSync(path);
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`);
  }
  if (body.length > maxImageBytes) throw new ConfigError(`${name}: ${path} is ${body.length} bytes, more than ${maxImageBytes}`);
  const kind = kindOf(body);
  if (!kind) throw new ConfigError(`${name}: ${path} is not an SVG, PNG or WebP image`);
  return { path: `/branding/${role}.${hashOf(body)}.${kind}`, type: imageTypes[kind], body, sandboxed: kind === "svg" };
}

function readColor(env: Env, name: string): Rgb | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(raw);
  if (!match?.[1]) throw new ConfigError(`${name} must be a colour in hex, such as #0b5ed7, got "${raw}"`);
  const digits = match[1].length === 3 ? match[1].replace(/./g, "$&$&") : match[1];
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as Rgb;
}

const hex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
/** Bootstrap's tint-color and shade-color: the colour mixed with white or black. */
const mix = (rgb: Rgb, toward: number, weight: number): Rgb =>
  rgb.map((channel) => Math.round(channel + (toward - channel) * weight)) as Rgb;
const tint = (rgb: Rgb, weight: number) => mix(rgb, 255, weight);
const shade = (rgb: Rgb, weight: number) => mix(rgb, 0, weight);

/** WCAG 2.1's relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1's contrast ratio of two colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The dark theme's links, when the operator gives no colour of their own: as Bootstrap does, the primary
 * lightened by 40 %, and further, a tenth at a time, until it reads on the dark background (a colour dark
 * enough for the buttons' white text is often too dark for that).
 */
function darkThemeLink(primary: Rgb): Rgb {
  let weight = 0.4;
  while (contrast(tint(primary, weight), darkBackground) < minimumContrast && weight < 0.9) weight += 0.1;
  return tint(primary, weight);
}

/** Each pair the colour is drawn in: it must reach minimumContrast, or the portal does not start. */
function checkContrast(primary: Rgb, darkLink: Rgb, primaryName: string, darkName: string): void {
  const pairs = [
    [primaryName, "the buttons' white text on the primary colour (both themes)", buttonText, primary],
    [primaryName, "links and text in the primary colour on the light theme's background", primary, lightBackground],
    [darkName, "links and text on the dark theme's background", darkLink, darkBackground],
  ] as const;
  for (const [name, pair, foreground, background] of pairs) {
    const ratio = contrast(foreground, background);
    // Two decimals, rounded down: 4.496 is not 4.5.
    if (ratio < minimumContrast) {
      throw new ConfigError(
        `${name}: ${pair}: ${hex(foreground)} on ${hex(background)} has a contrast of ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1, below WCAG AA's ${minimumContrast}:1`,
      );
    }
  }
}

const rgbList = (rgb: Rgb) => rgb.join(", ");

function colorProperties(link: Rgb, emphasis: Rgb, subtleBg: Rgb, subtleBorder: Rgb, primary: Rgb): string {
  return [
    `--bs-primary: ${hex(primary)}`,
    `--bs-primary-rgb: ${rgbList(primary)}`,
    `--bs-primary-text-emphasis: ${hex(emphasis)}`,
    `--bs-primary-bg-subtle: ${hex(subtleBg)}`,
    `--bs-primary-border-subtle: ${hex(subtleBorder)}`,
    `--bs-link-color: ${hex(link)}`,
    `--bs-link-color-rgb: ${rgbList(link)}`,
    `--bs-link-hover-color: ${hex(link)}`,
    `--bs-link-hover-color-rgb: ${rgbList(link)}`,
    `--bs-focus-ring-color: rgba(${rgbList(primary)}, 0.25)`,
  ]
    .map((line) => `  ${line};`)
    .join("\n");
}

/**
 * Bootstrap's primary in custom properties, as its own build derives them (bootstrap.scss): the light theme's
 * from the colour, the dark theme's links from a lighter tint of it (or the operator's own dark colour). The
 * buttons and ticked boxes carry the colour in rules of their own, which take it here too.
 */
export function brandStylesheet(primary: Rgb, darkLink: Rgb): string {
  const light = colorProperties(primary, shade(primary, 0.6), tint(primary, 0.8), tint(primary, 0.6), primary);
  const dark = colorProperties(darkLink, darkLink, shade(primary, 0.8), shade(primary, 0.4), primary);
  const hover = shade(primary, 0.15);
  const active = shade(primary, 0.2);
  return `/* The operator's primary colour (BRAND_PRIMARY_COLOR, docs/branding.md). */
:root,
[data-bs-theme="light"] {
${light}
}
[data-bs-theme="dark"] {
${dark}
}
@media (prefers-color-scheme: dark) {
  :root:not([data-bs-theme]) {
${dark}
  }
}
.btn-primary {
  --bs-btn-bg: ${hex(primary)};
  --bs-btn-border-color: ${hex(primary)};
  --bs-btn-hover-bg: ${hex(hover)};
  --bs-btn-hover-border-color: ${hex(active)};
  --bs-btn-active-bg: ${hex(active)};
  --bs-btn-active-border-color: ${hex(active)};
  --bs-btn-disabled-bg: ${hex(primary)};
  --bs-btn-disabled-border-color: ${hex(primary)};
  --bs-btn-focus-shadow-rgb: ${rgbList(primary)};
}
.btn-outline-primary {
  --bs-btn-color: var(--bs-link-color);
  --bs-btn-border-color: var(--bs-link-color);
  --bs-btn-hover-bg: ${hex(primary)};
  --bs-btn-hover-border-color: ${hex(primary)};
  --bs-btn-active-bg: ${hex(primary)};
  --bs-btn-active-border-color: ${hex(primary)};
  --bs-btn-disabled-color: var(--bs-link-color);
  --bs-btn-disabled-border-color: var(--bs-link-color);
  --bs-btn-focus-shadow-rgb: ${rgbList(primary)};
}
.form-check-input:checked {
  background-color: ${hex(primary)};
  border-color: ${hex(primary)};
}
.form-control:focus,
.form-select:focus,
.form-check-input:focus {
  border-color: ${hex(tint(primary, 0.5))};
}
`;
}

export function readBranding(env: Env): BrandingConfig {
  const files: BrandFile[] = [];
  const images = (light: string, dark: string, role: string) => {
    const lightFile = readImage(env, light, `${role}-light`);
    const darkFile = readImage(env, dark, `${role}-dark`);
    if (darkFile && !lightFile) throw new ConfigError(`${dark} needs ${light}: the light theme's image is the one every page has`);
    if (!lightFile) return undefined;
    files.push(lightFile, ...(darkFile ? [darkFile] : []));
    return { light: lightFile.path, ...(darkFile ? { dark: darkFile.path } : {}) };
  };
  const logo = images("BRAND_LOGO", "BRAND_LOGO_DARK", "logo");
  const mark = images("BRAND_MARK", "BRAND_MARK_DARK", "mark");

  const primary = readColor(env, "BRAND_PRIMARY_COLOR");
  const ownDark = readColor(env, "BRAND_PRIMARY_COLOR_DARK");
  if (ownDark && !primary) throw new ConfigError("BRAND_PRIMARY_COLOR_DARK needs BRAND_PRIMARY_COLOR");
  let stylesheet: string | undefined;
  if (primary) {
    const darkLink = ownDark ?? darkThemeLink(primary);
    checkContrast(primary, darkLink, "BRAND_PRIMARY_COLOR", "BRAND_PRIMARY_COLOR_DARK");
    const body = Buffer.from(brandStylesheet(primary, darkLink));
    stylesheet = `/branding/colors.${hashOf(body)}.css`;
    files.push({ path: stylesheet, type: "text/css; charset=utf-8", body, sandboxed: false });
  }

  const support = readSupport(env, "BRAND_SUPPORT");
  return {
    public: {
      ...(logo ? { logo } : {}),
      ...(mark ? { mark } : {}),
      ...support,
    },
    files,
    stylesheet,
    support: support.supportEmail ?? support.supportUrl,
  };
}

/** The page's <head> with the colours' stylesheet last, so that it wins over Bootstrap's. */
export function brandedHead(head: string, branding: BrandingConfig): string {
  return branding.stylesheet ? `${head}<link rel="stylesheet" href="${branding.stylesheet}">` : head;
}
