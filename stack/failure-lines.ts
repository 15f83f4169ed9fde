// What a failed test prints that npm test's summary repeats (stack/test.ts): CI
// keeps only the end of the output, past the suites' own.

/** Starts the line a failed browser test prints for each of its pages, in every context it opened (e2e/support/test.ts). */
export const pageAtFailurePrefix = "page at failure:";

/** Starts the line a failed browser test prints with its error's first line and where it was thrown. */
export const failedBecausePrefix = "failed because:";

/** A line where tap (`not ok`) or Playwright (`✘`) names a failed test, or says why it failed or where its pages were. */
export const failedTestLine = new RegExp(`^\\s*(not ok \\d+|✘|${pageAtFailurePrefix}|${failedBecausePrefix})`);
