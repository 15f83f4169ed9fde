// Work that may wait for the browser: it runs in an idle moment, after what the
// browser has queued (a frame to draw, input, the page's own requests), or as
// a plain task once `timeoutMs` passed on a page that is never idle. Safari has
// no requestIdleCallback: there it runs after `fallbackMs`.
export function whenIdle(work: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, fallbackMs);
}
