// The operator's branding (docs/branding.md): the logo and the mark, the
// primary colour, the support contact and the legal links. Read and checked
// once, at start: an image file is read into memory and served by the portal
// itself under a name holding its hash (routes/branding.ts), the colour is
// checked for WCAG AA contrast in both themes and written into a stylesheet of
// custom properties. The product's name is the operator's texts' (operator-texts.ts).
//
// Here the environment is read; the parts are brand-files.ts (the images),
// contrast.ts (the colour's maths and checks), stylesheet.ts and head.ts.
import { ConfigError, readSupport, type Env } from "#contract/env-values.js";
import type { Branding } from "#contract/schemas/runtime-config.js";
import { hashOf, readImage, type BrandFile } from "./brand-files.js";
import { checkContrast, darkThemeLink, hex, type Rgb } from "./contrast.js";
import { brandStylesheet } from "./stylesheet.js";

export interface BrandingConfig {
  /** What the app is told (runtime config's BRANDING); empty when nothing is configured. */
  public: Branding;
  /** The images and the colours' stylesheet, by path. */
  files: BrandFile[];
  /** The colours' stylesheet, linked from every page's head; undefined: Bootstrap's own. */
  stylesheet: string | undefined;
  /** For the portal's mails' footer. */
  support: string | undefined;
  /** The primary colour (BRAND_PRIMARY_COLOR) in hex, for the mails' accent; undefined: the portal's. */
  primaryColor: string | undefined;
}

function readColor(env: Env, name: string): Rgb | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(raw);
  if (!match?.[1]) throw new ConfigError(`${name} must be a colour in hex, such as #0b5ed7, got "${raw}"`);
  const digits = match[1].length === 3 ? match[1].replace(/./g, "$&$&") : match[1];
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as Rgb;
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
    primaryColor: primary && hex(primary),
  };
}
