// The browser tests' `test`: Playwright's, with the toast recorder on every page.
import { test as base } from "@playwright/test";
import { recordToasts } from "./toasts.js";

export { expect } from "@playwright/test";

export const test = base.extend({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
});
