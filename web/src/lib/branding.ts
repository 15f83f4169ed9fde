// The operator's branding (BRAND_*, docs/branding.md), which comes with the
// app's runtime configuration in the page: the logo and mark on the portal's
// own origin, and where to get help.
import type { Branding } from "#contract/schemas/runtime-config.js";
import { bootConfig } from "./boot-data";

const none: Branding = {};

/** What the operator configured; empty when nothing. */
export function branding(): Branding {
  return bootConfig()?.BRANDING ?? none;
}
