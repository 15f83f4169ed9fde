// The browser tests' `test`: Playwright's, with the toast recorder on every
// page, and no test passes whose pages violated the Content-Security-Policy
// (with JavaScript or without: test.use({ javaScriptEnabled: false })), or in
// which React found the server's markup different from its first render, in
// any context the test opened. A test that fails prints why (failedBecausePrefix)
// and where each page of every context it opened was (pageAtFailurePrefix),
// which npm test's summary repeats: CI keeps only the end of the output,
// without the test's screenshots or trace.
import { stripVTControlCharacters } from "node:util";
import { expect, test as base, type BrowserContext, type TestInfo } from "@playwright/test";
import { failedBecausePrefix, pageAtFailurePrefix } from "../../stack/failure-lines.js";
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
    // An earlier test of the worker may have left a context of its own open.
    const earlier = new Set(
      context
        .browser()
        ?.contexts()
        .filter((other) => other !== context),
    );
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) {
      describeError(testInfo);
      await describePages([context, ...(context.browser()?.contexts() ?? []).filter((other) => other !== context && !earlier.has(other))]);
    }
    await csp.settle();
    expect(csp.violations, "Content-Security-Policy violations").toEqual([]);
  },
});

/** The first line of a failed test's error, the locator it waited for, and the line of a spec or support file that threw it. */
function describeError(testInfo: TestInfo): void {
  const error = testInfo.error;
  if (!error) return;
  const lines = stripVTControlCharacters(error.message ?? error.value ?? "").split("\n");
  const locator = lines.find((line) => line.startsWith("Locator:"));
  const what = [lines[0], locator].filter((line) => line !== undefined && line.trim() !== "").map((line) => line!.trim());
  const where = /[\w-]+\/[\w.-]+\.ts:\d+/.exec(error.stack ?? "")?.[0];
  console.log(`${failedBecausePrefix} ${what.join(" — ")}${where === undefined ? "" : ` (at ${where})`}`);
}

/** Where each page of a failed test's contexts was: its address, its first heading and the alerts it showed. */
async function describePages(contexts: BrowserContext[]): Promise<void> {
  for (const page of contexts.flatMap((context) => context.pages())) {
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
