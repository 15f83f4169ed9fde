// Where the keyboard's focus goes when the page changes under it (WCAG 2.4.3,
// 3.3.1), in one place for every page. After a navigation inside the app, to
// the new page's heading, so that a screen reader starts there and Tab goes on
// from there. After a form is sent and answered with errors, to the first
// field marked invalid, else the form's message; and when an answer replaced
// the focused button (a Kratos flow re-mounts its fields), to what the answer
// says. Nothing here runs on the first render: the server's page and the
// hydrated one are the same.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** How long after a submission its answer may still move the focus. */
const answerWaitMs = 15_000;
/** How long a new page has to show its heading (a page loaded on demand comes later). */
const headingWaitMs = 10_000;

const regions = "main, .modal.show";
const invalidField = '[aria-invalid="true"]:not([type="hidden"])';
const errorMessage = '[role="alert"]';
const answerMessage = '[role="alert"], [role="status"]:not(.toast, .toast *)';

export function useFocusManagement(): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    return whenPresent("main h1", headingWaitMs, focusElement);
  }, [pathname]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    const onSubmit = (event: Event) => {
      stop?.();
      const form = event.target as HTMLFormElement;
      const region = form.closest<HTMLElement>(regions) ?? document.body;
      stop = watchAnswer(region);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      stop?.();
    };
  }, []);
}

/** Once the answer shows an error, or took the focus away, moves the focus to what it says. */
function watchAnswer(region: HTMLElement): () => void {
  const before = new Set(region.querySelectorAll(`${invalidField}, ${errorMessage}`));
  const observer = new MutationObserver(() => {
    if (!region.isConnected) {
      stop();
      return;
    }
    const errors = [...region.querySelectorAll<HTMLElement>(`${invalidField}, ${errorMessage}`)];
    const newError = errors.some((element) => !before.has(element));
    const focusLost = document.activeElement === document.body || document.activeElement === null;
    if (!newError && !focusLost) return;
    const target =
      region.querySelector<HTMLElement>(invalidField) ??
      region.querySelector<HTMLElement>(answerMessage) ??
      region.querySelector<HTMLElement>("h1, h2");
    if (target) focusElement(target);
    stop();
  });
  const timer = window.setTimeout(() => stop(), answerWaitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(region, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-invalid"] });
  return stop;
}

/** Calls `found` with the first element the selector finds, now or once it appears; the returned function gives up. */
function whenPresent(selector: string, waitMs: number, found: (element: HTMLElement) => void): () => void {
  const now = document.querySelector<HTMLElement>(selector);
  if (now) {
    found(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return;
    stop();
    found(element);
  });
  const timer = window.setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** Focuses an element a script may focus but Tab does not stop at, unless it is a control already. */
function focusElement(element: HTMLElement): void {
  if (!element.matches("a[href], button, input, select, textarea, [tabindex]")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: false });
}
