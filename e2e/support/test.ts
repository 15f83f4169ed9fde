// The browser tests' `test`: Playwright's, with the toast recorder on every
// page, and no test passes whose pages violated the Content-Security-Policy
// (with JavaScript or without: test.use({ javaScriptEnabled: false })).
import { expect, test as base } from "@playwright/test";
import { recordCspViolations } from "./csp.js";
import { recordToasts } from "./toasts.js";

export { expect } from "@playwright/test";

export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) await recordToasts(context);
    const csp = await recordCspViolations(context, { javaScriptEnabled });
    await use(context);
    await csp.settle();
    expect(csp.violations, "Content-Security-Policy violations").toEqual([]);
  },
});
