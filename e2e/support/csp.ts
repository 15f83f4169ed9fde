// Every page of a test runs under the portal's Content-Security-Policy; a
// violation (a blocked script, style, image, connection, form target…) fails
// the test that caused it. The pages report each one to the test as it
// happens, so a page that navigated away has already told. A page without
// JavaScript cannot report: there Chromium itself tells, through the
// DevTools protocol's issues (which it keeps for the page and sends again
// when asked), so such a test is watched too.
import type { BrowserContext, CDPSession, Page } from "@playwright/test";

export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

export interface CspRecorder {
  violations: CspViolation[];
  /** Waits until every page's report has arrived; then `violations` is complete. */
  settle(): Promise<void>;
}

/** Starts recording; `violations` fills as the context's pages report. */
export async function recordCspViolations(context: BrowserContext, { javaScriptEnabled = true } = {}): Promise<CspRecorder> {
  const violations: CspViolation[] = [];
  if (javaScriptEnabled) {
    await context.exposeBinding("__reportCspViolation", (_source, violation: CspViolation) => {
      violations.push(violation);
    });
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __reportCspViolation: (violation: CspViolation) => void }).__reportCspViolation;
        report({ directive: event.effectiveDirective, blocked: event.blockedURI, page: event.documentURI });
      });
    });
    return { violations, settle: () => Promise.resolve() };
  }
  return recordCspIssues(context, violations);
}

interface CspIssue {
  code: string;
  details: { contentSecurityPolicyIssueDetails?: { violatedDirective: string; blockedURL?: string } };
}

function recordCspIssues(context: BrowserContext, violations: CspViolation[]): CspRecorder {
  const seen = new Set<string>();
  const sessions: Promise<CDPSession | undefined>[] = [];
  const watch = (page: Page) => {
    sessions.push(
      context.newCDPSession(page).then(
        async (session) => {
          session.on("Audits.issueAdded", ({ issue }: { issue: CspIssue }) => {
            const details = issue.details.contentSecurityPolicyIssueDetails;
            if (issue.code !== "ContentSecurityPolicyIssue" || !details) return;
            const violation = { directive: details.violatedDirective, blocked: details.blockedURL ?? "", page: page.url() };
            const key = JSON.stringify(violation);
            if (!seen.has(key)) violations.push(violation);
            seen.add(key);
          });
          // Enabling sends the issues the page collected before this session existed.
          await session.send("Audits.enable");
          return session;
        },
        () => undefined,
      ),
    );
  };
  for (const page of context.pages()) watch(page);
  context.on("page", watch);
  return {
    violations,
    async settle() {
      // A round trip on each session: the issues Chromium sent before it have arrived.
      const open = (await Promise.all(sessions)).filter((session) => session !== undefined);
      await Promise.all(open.map((session) => session.send("Audits.enable").catch(() => undefined)));
    },
  };
}
