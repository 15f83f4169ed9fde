// The browser security headers of every answer, pages and APIs alike. Built
// once with helmet (not @fastify/helmet, which builds helmet anew for each
// request); the hook only sets the prepared values.
//
// What the app needs of the policy: its scripts and styles are files of its
// own origin; React and Popper set styles through the CSSOM, which style-src
// does not govern, so no 'unsafe-inline'. Images: data: for the TOTP QR code
// (Kratos sends it as a data: URL) and https: for the logos that admins give
// their OAuth2 clients. Forms: Kratos' webauthn.js submits its form natively,
// and Kratos may redirect that submission to Hydra (a login_challenge) or to
// an allowed return_to of another origin; Chromium applies form-action to
// those redirects too, so the operator lists such origins.
import fp from "fastify-plugin";
import helmet from "helmet";
import type { PortalConfig } from "../config.js";

export function securityHeaders(config: Pick<PortalConfig, "origin" | "formActionOrigins">): ReturnType<typeof helmet> {
  const https = new URL(config.origin).protocol === "https:";
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "https:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'", ...config.formActionOrigins],
        // On http://localhost this would send the app's own requests to https.
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    xFrameOptions: { action: "deny" },
    // Flow ids, codes and challenges travel in the portal's URLs: send them nowhere but to the portal. Not
    // no-referrer: under it browsers send "Origin: null" with a form the page posts itself (the Fetch
    // standard's request Origin), and the proxy refuses a change without the portal's Origin.
    referrerPolicy: { policy: "same-origin" },
    // Only where the origin is https; without includeSubDomains, which would bind the operator's other hosts.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // No Origin-Agent-Cluster: Chromium keys agent clusters by origin without it, and elsewhere document.domain joins
    // two pages only when both set it, which the portal never does. What "?1" adds in Chromium is a process of the
    // origin's own, started only once the answer is in: 25–35 ms more for the sign-in page opened from another site
    // (docs/security.md).
    originAgentCluster: false,
    // Cross-Origin-Opener-Policy is a property of each page, not of every answer (routes/app-page.ts): a page an
    // application's sign-in window shows must not cut that window from the application, nor may an answer of
    // the Kratos proxy the window passes through on its way back.
    crossOriginOpenerPolicy: false,
  });
}

export default fp<{ config: PortalConfig }>(
  async (fastify, { config }) => {
    const apply = securityHeaders(config);
    fastify.addHook("onRequest", (request, reply, done) => {
      apply(request.raw, reply.raw, (error?: unknown) => {
        done(error as Error | undefined);
      });
    });
  },
  { name: "security-headers" },
);
