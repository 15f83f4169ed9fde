// The operator's colours in every page's <head>.
import type { BrandingConfig } from "./read-branding.js";

/** The page's <head> with the colours' stylesheet last, so that it wins over Bootstrap's. */
export function brandedHead(head: string, branding: BrandingConfig): string {
  return branding.stylesheet ? `${head}<link rel="stylesheet" href="${branding.stylesheet}">` : head;
}
