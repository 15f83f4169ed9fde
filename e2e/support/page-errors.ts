// What pages report as errors: every console error of one page, for a test
// that wants none at all; and, for every test (support/test.ts), what React
// reports when the first render in the browser differs from the server's
// markup or when it recovered from an error by drawing the page again.
import type { Browser, BrowserContext, ConsoleMessage, Page } from "@playwright/test";

export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    // Chromium's own line for an answer that is not 2xx (Kratos does not know an error id) is not the app's.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * React's words for a hydration that found a difference, or for an error it recovered from. Its production
 * build reports these as uncaught errors with the code alone (react-dom 18's codes: 418 hydration failed,
 * 419 the server could not finish a Suspense boundary, 421 a boundary updated before it hydrated, 422 and
 * 423 an error while hydrating, 425 the text differs); its development build writes them out and warns,
 * before each, about the element or attribute that differs ("did not match", "Expected server HTML to
 * contain…", "Did not expect server HTML…", "An error occurred during hydration"; React 19: "A tree
 * hydrated but…").
 */
const reactRecoverable = [/Minified React error #(?:418|419|421|422|423|425)\b/, /hydrat/i, /did not match/i, /server(?:-rendered)? HTML/i];

export const isReactRecoverable = (text: string) => reactRecoverable.some((pattern) => pattern.test(text));

export interface ReactErrorRecorder {
  /** What React reported, each with the page it was on. */
  errors: string[];
  /** Watches a context (every context the browser opens is watched from the start). */
  watch(context: BrowserContext): void;
  stop(): void;
}

/** Records React's recoverable errors in every page of every context the browser opens from now on. */
export function recordReactErrors(browser: Browser): ReactErrorRecorder {
  const errors: string[] = [];
  const watched = new WeakSet<BrowserContext>();
  const watch = (context: BrowserContext) => {
    if (watched.has(context)) return;
    watched.add(context);
    context.on("console", (message: ConsoleMessage) => {
      if ((message.type() === "error" || message.type() === "warning") && isReactRecoverable(message.text())) {
        errors.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
      }
    });
    context.on("weberror", (webError) => {
      const error = webError.error();
      if (isReactRecoverable(error.message)) errors.push(`${webError.page()?.url() ?? "?"}: ${error.message}`);
    });
  };
  browser.on("context", watch);
  return {
    errors,
    watch,
    stop: () => {
      browser.off("context", watch);
    },
  };
}
