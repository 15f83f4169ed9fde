// Toasts close after 1000 ms (the product's spec): on a busy machine one can come and go
// between two looks at the page. So every page records each toast it shows,
// where it stood, how long it stayed, its role and whether it ever had the
// focus, and a test asks the record, never whether the toast is still there.
import { expect, type BrowserContext, type Page } from "@playwright/test";

export interface ShownToast {
  text: string;
  /** performance.now() when it was first seen shown, and when it was hidden or removed. */
  shownAt: number;
  hiddenAt?: number;
  /** Distances from the viewport's right and top edges when it was first seen. */
  right: number;
  top: number;
  /** Its role when first seen (a status message is `status`). */
  role: string | null;
  /** Whether the focus was ever inside it while it showed. */
  focused: boolean;
}

interface ToastLog {
  __shownToasts?: ShownToast[];
}

function installToastRecorder(): void {
  const log = window as unknown as ToastLog;
  if (log.__shownToasts) return;
  const shown: ShownToast[] = (log.__shownToasts = []);
  const open = new Map<Element, ShownToast>();
  new MutationObserver(() => {
    const now = performance.now();
    for (const toast of Array.from(document.querySelectorAll(".toast.show"))) {
      const text = toast.textContent?.trim();
      if (!text || open.has(toast)) continue;
      const box = toast.getBoundingClientRect();
      const entry: ShownToast = {
        text,
        shownAt: now,
        right: document.documentElement.clientWidth - box.right,
        top: box.top,
        role: toast.getAttribute("role"),
        focused: toast.contains(document.activeElement),
      };
      open.set(toast, entry);
      shown.push(entry);
    }
    for (const [toast, entry] of open) {
      if (toast.isConnected && toast.classList.contains("show")) continue;
      entry.hiddenAt = now;
      open.delete(toast);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["class"] });
  document.addEventListener(
    "focusin",
    (event) => {
      for (const [toast, entry] of open) if (toast.contains(event.target as Node)) entry.focused = true;
    },
    true,
  );
}

/** Records the toasts of every page of the context, from its next navigation on. */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(installToastRecorder);
}

const shownToasts = (page: Page): Promise<ShownToast[]> =>
  // The page may be between two documents; the next poll asks again.
  page.evaluate(() => (window as unknown as ToastLog).__shownToasts ?? []).catch(() => []);

const matcher = (text: string | RegExp) => (toast: ShownToast) =>
  typeof text === "string" ? toast.text.includes(text) : text.test(toast.text);

/** Passes once the page has shown a toast with this text since it loaded; resolves with its record. */
export async function expectToast(page: Page, text: string | RegExp): Promise<ShownToast> {
  let found: ShownToast | undefined;
  await expect
    .poll(async () => (found = (await shownToasts(page)).find(matcher(text))) !== undefined, {
      message: `a toast saying ${String(text)}`,
    })
    .toBe(true);
  return found!;
}

/** Passes once the toast with this text has closed; resolves with its record. */
export async function expectToastClosed(page: Page, text: string | RegExp): Promise<ShownToast> {
  let found: ShownToast | undefined;
  await expect
    .poll(async () => (found = (await shownToasts(page)).find(matcher(text)))?.hiddenAt !== undefined, {
      message: `the toast saying ${String(text)} to close`,
    })
    .toBe(true);
  return found!;
}

/** The texts of the toasts the page has shown since it loaded: for a test that a confirmation is not said twice. */
export async function toastTexts(page: Page): Promise<string[]> {
  return (await shownToasts(page)).map((toast) => toast.text);
}
