// Toasts close after 1000 ms (spec §9): on a busy machine one can come and go
// between two looks at the page. So every page records each toast it shows,
// and a test asks whether the toast was shown, not whether it is still there.
import { expect, type BrowserContext, type Page } from "@playwright/test";

interface ToastLog {
  __shownToasts?: string[];
}

function installToastRecorder(): void {
  const log = window as unknown as ToastLog;
  if (log.__shownToasts) return;
  const shown: string[] = (log.__shownToasts = []);
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const toast of Array.from(document.querySelectorAll(".toast"))) {
      const text = toast.textContent?.trim();
      if (text && !seen.has(toast)) {
        seen.add(toast);
        shown.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Records the toasts of every page of the context, from its next navigation on. */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(installToastRecorder);
}

/** Passes once the page has shown a toast with this text since it loaded. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const matches = (shown: string) => (typeof text === "string" ? shown.includes(text) : text.test(shown));
  await expect
    .poll(
      async () => {
        // The page may be between two documents; the next poll asks again.
        const shown = await page.evaluate(() => (window as unknown as ToastLog).__shownToasts ?? []).catch(() => []);
        return shown.some(matches);
      },
      { message: `a toast saying ${String(text)}` },
    )
    .toBe(true);
}
