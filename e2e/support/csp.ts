// Every page of a test runs under the portal's Content-Security-Policy; a
// violation (a blocked script, style, image, connection, form target…) fails
// the test that caused it. The pages report each one to the test as it
// happens, so a page that navigated away has already told.
import type { BrowserContext } from "@playwright/test";

export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

/** Starts recording; the returned list fills as the context's pages report. */
export async function recordCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding("__reportCspViolation", (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (violation: CspViolation) => void }).__reportCspViolation;
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, page: event.documentURI });
    });
  });
  return violations;
}
