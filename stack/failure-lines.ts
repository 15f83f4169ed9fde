// What a failed test prints that npm test's summary repeats (stack/test.ts): CI
// keeps only the end of the output, past the suites' own.

/** Starts the line a failed browser test prints for each of its pages (e2e/support/test.ts). */
export const pageAtFailurePrefix = "page at failure:";

/** A line where tap (`not ok`) or Playwright (`✘`) names a failed test, or says where a failed test's page was. */
export const failedTestLine = new RegExp(`^\\s*(not ok \\d+|✘|${pageAtFailurePrefix})`);
