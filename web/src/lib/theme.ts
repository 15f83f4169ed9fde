// The presentation values the product's spec sets (widths, colours, timings), in one place. The stylesheets
// read them as CSS custom properties of the document root, which the build writes into the app's stylesheet
// (themeStylesheet, the module `virtual:theme.css` of web/vite.config.ts): a page the server rendered is
// drawn right before any script runs. A media query cannot read a custom property: the narrow width reaches
// the Sass stylesheets as the queries below, as Sass variables (themeSassVariables, which the build puts
// before every Sass file), and the app's script reads the same queries.
export const theme = {
  cardWidth: { narrow: 336, wide: 680 },
  borderRadius: 4,
  sidebarWidth: { expanded: 200, collapsed: 60 },
  /** Below this width the side menu starts collapsed and overlays the content. */
  narrowViewport: 768,
} as const;

/** A screen narrower than theme.narrowViewport (a phone's): Sass' $narrow-viewport. */
export const narrowViewportQuery = `(max-width: ${theme.narrowViewport - 0.02}px)`;
/** Any other: Sass' $wide-viewport. */
export const wideViewportQuery = `(min-width: ${theme.narrowViewport}px)`;

function themeVariables(): Record<string, string> {
  return {
    "--card-narrow": `${theme.cardWidth.narrow}px`,
    "--card-wide": `${theme.cardWidth.wide}px`,
    "--sidebar-expanded": `${theme.sidebarWidth.expanded}px`,
    "--sidebar-collapsed": `${theme.sidebarWidth.collapsed}px`,
    // Bootstrap's buttons, cards and inputs derive their corners from this one.
    "--bs-border-radius": `${theme.borderRadius}px`,
  };
}

export function themeStylesheet(): string {
  const declarations = Object.entries(themeVariables()).map(([name, value]) => `  ${name}: ${value};`);
  return `:root {\n${declarations.join("\n")}\n}\n`;
}

/** The media queries as Sass variables, for `@media #{$narrow-viewport}` in the stylesheets. */
export function themeSassVariables(): string {
  return `$narrow-viewport: "${narrowViewportQuery}";\n$wide-viewport: "${wideViewportQuery}";\n`;
}
