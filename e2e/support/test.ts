// The browser tests' `test`: Playwright's, with the toast recorder on every
// page, and no test passes whose pages violated the Content-Security-Policy
// (with JavaScript or without: test.use({ javaScriptEnabled: false })), or in
// which React found the server's markup different from its first render, in
// any context the test opened. A test that fails prints where its pages were
// (pageAtFailurePrefix), which npm test's summary repeats: CI keeps only the
// end of the output, without the test's screenshots or trace.
import { expect, test as base, type BrowserContext } from "@playwright/test";
import { pageAtFailurePrefix } from "../../stack/failure-lines.js";
import { recordCspViolations } from "./csp.js";
import { recordReactErrors, type ReactErrorRecorder } from "./page-errors.js";
import { recordToasts } from "./toasts.js";

export { expect } from "@playwright/test";

export const test = base.extend<{ reactErrors: ReactErrorRecorder }>({
  reactErrors: [
    async ({ browser }, use) => {
      const recorder = recordReactErrors(browser);
      await use(recorder);
      recorder.stop();
      expect(recorder.errors, "React's hydration and recoverable errors").toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, javaScriptEnabled, reactErrors }, use, testInfo) => {
    reactErrors.watch(context);
    if (javaScriptEnabled) await recordToasts(context);
    const csp = await recordCspViolations(context, { javaScriptEnabled });
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) await describePages(context);
    await csp.settle();
    expect(csp.violations, "Content-Security-Policy violations").toEqual([]);
  },
});

/** Where each page of a failed test was: its address, its first heading and the alerts it showed. */
async function describePages(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    const text = (selector: string) =>
      page
        .locator(selector)
        .allInnerTexts()
        .then((texts) => texts.map((one) => one.replace(/\s+/g, " ").trim()).filter(Boolean))
        .catch(() => []);
    const [heading] = await text("h1");
    const alerts = await text("[role=alert], .alert");
    console.log(`${pageAtFailurePrefix} ${page.url()} — heading "${heading ?? ""}" — alerts ${JSON.stringify(alerts)}`);
  }
}
