// The browser tests' `test`: Playwright's, with the toast recorder on every
// page, and no test passes whose pages violated the Content-Security-Policy.
import { expect, test as base } from "@playwright/test";
import { recordCspViolations } from "./csp.js";
import { recordToasts } from "./toasts.js";

export { expect } from "@playwright/test";

export const test = base.extend({
  context: async ({ context }, use) => {
    await recordToasts(context);
    const violations = await recordCspViolations(context);
    await use(context);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
});
