// The brand colour as a stylesheet of Bootstrap's custom properties, linked
// from every page's head (head.ts).
import { hex, shade, tint, type Rgb } from "./contrast.js";

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
