// What a page reports as errors: React reports a server render that hydration
// found different as one (and then draws the page again).
import type { Page } from "@playwright/test";

export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    // Chromium's own line for an answer that is not 2xx (Kratos does not know an error id) is not the app's.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
