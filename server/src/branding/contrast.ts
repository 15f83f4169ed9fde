// The brand colour's maths: WCAG 2.1's contrast, Bootstrap's tints and
// shades, and the check that the colour reads in both themes, without which
// the portal does not start.
import { ConfigError } from "#contract/env-values.js";

export type Rgb = [number, number, number];

/** WCAG 2.1 AA for normal text (1.4.3). */
export const minimumContrast = 4.5;

/** Bootstrap's page backgrounds (the cards') and the buttons' text, which the colour must stand out from. */
const lightBackground: Rgb = [255, 255, 255];
const darkBackground: Rgb = [33, 37, 41];
const buttonText: Rgb = [255, 255, 255];

export const hex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
/** Bootstrap's tint-color and shade-color: the colour mixed with white or black. */
const mix = (rgb: Rgb, toward: number, weight: number): Rgb =>
  rgb.map((channel) => Math.round(channel + (toward - channel) * weight)) as Rgb;
export const tint = (rgb: Rgb, weight: number) => mix(rgb, 255, weight);
export const shade = (rgb: Rgb, weight: number) => mix(rgb, 0, weight);

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
export function darkThemeLink(primary: Rgb): Rgb {
  let weight = 0.4;
  while (contrast(tint(primary, weight), darkBackground) < minimumContrast && weight < 0.9) weight += 0.1;
  return tint(primary, weight);
}

/** Each pair the colour is drawn in: it must reach minimumContrast, or the portal does not start. */
export function checkContrast(primary: Rgb, darkLink: Rgb, primaryName: string, darkName: string): void {
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
