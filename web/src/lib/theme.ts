// The presentation values the product's spec sets (widths, colours, timings), in one place. The stylesheets
// read them as CSS custom properties of the document root, which the build writes into the app's stylesheet
// (themeStylesheet, the module `virtual:theme.css` of web/vite.config.ts): a page the server rendered is
// drawn right before any script runs.
export const theme = {
  cardWidth: { narrow: 336, wide: 680 },
  borderRadius: 4,
  sidebarWidth: { expanded: 200, collapsed: 60 },
  /** Below this width the side menu starts collapsed and overlays the content. */
  narrowViewport: 768,
} as const;

export const narrowViewportQuery = `(max-width: ${theme.narrowViewport - 0.02}px)`;

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
