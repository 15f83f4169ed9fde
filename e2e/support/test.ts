// The browser tests' `test`: Playwright's, with the toast recorder on every
// page, and no test passes whose pages violated the Content-Security-Policy
// (with JavaScript or without: test.use({ javaScriptEnabled: false })), or in
// which React found the server's markup different from its first render, in
// any context the test opened.
import { expect, test as base } from "@playwright/test";
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
  context: async ({ context, javaScriptEnabled, reactErrors }, use) => {
    reactErrors.watch(context);
    if (javaScriptEnabled) await recordToasts(context);
    const csp = await recordCspViolations(context, { javaScriptEnabled });
    await use(context);
    await csp.settle();
    expect(csp.violations, "Content-Security-Policy violations").toEqual([]);
  },
});
