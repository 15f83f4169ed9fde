// Where the BFF says the browser goes next: Hydra's redirect_to, which leads
// back to Hydra (and from there to the application). The BFF read it from
// Hydra's admin API, never from the browser, and Hydra builds it on its own
// public URL, which the SPA is not told; so the rule here is: any absolute
// http(s) URL, nothing else (no javascript:, data:, or relative tricks).
import type { RedirectTo } from "#contract/schemas/oauth2.js";
import { safeRedirect } from "../../../lib/redirect";

export function hydraRedirect({ redirect_to: redirectTo }: RedirectTo): string {
  const url = safeRedirect(redirectTo, { kind: "web" });
  if (!url) throw new Error("The portal answered with an address the browser must not follow.");
  return url;
}
