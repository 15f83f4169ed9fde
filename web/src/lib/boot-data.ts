// What the server put into the page for the app's start (the contract's
// BootData): the answers the app's first requests would get, so that it can
// show the page without asking in turn. Each answer serves one page; the app
// asks for anything that is missing, as it would anyway.
//
// The server renders the public pages with the same components
// (entry-server.tsx): there the same data comes from the request instead of
// the page, for the one synchronous render of that request (withServerPage).
// Both sides read the same answers, so the first render in the browser is the
// server's, which hydration requires. A component's render only reads the
// flow: React may render a component twice before it shows it (StrictMode
// does in development), and both renders must find it; the page forgets it
// once it is on screen (forgetBootFlow, from an effect). The /api answers go
// to the data layer, which asks for a query's initial data once and keeps it.
import { bootElementId } from "#contract/boot.js";
import { defaultLanguage, isLanguage, type Language } from "#contract/languages.js";
import { flowQueryNames, type FlowKind, type FlowQuery } from "#contract/flows.js";
import type { BootData } from "#contract/schemas/app-page.js";

let data: Partial<BootData> | undefined;
/** The portal's origin while the server renders a page; the browser knows its own. */
let serverOrigin: string | undefined;

function read(): Partial<BootData> {
  if (!data) {
    try {
      data = JSON.parse(document.getElementById(bootElementId)?.textContent ?? "{}") as Partial<BootData>;
    } catch {
      // A page without it (the app served by `vite` alone) or a broken one: the app asks for everything.
      data = {};
    }
  }
  return data;
}

/**
 * The language the server chose for the page and rendered it in (it also writes it on <html lang> for the
 * browser and assistive technology): the app's first render must be in the same one. English on a page without
 * start-up data.
 */
export function bootLanguage(): Language {
  const { language } = read();
  return isLanguage(language) ? language : defaultLanguage;
}

/**
 * Runs one server render with this request's data, and says which dates it wrote (pageDate). The render is
 * synchronous, so no other request's render can run in between and see it.
 */
export function withServerPage<T>(boot: BootData, origin: string, render: () => T): { rendered: T; dates: Record<string, string> } {
  data = { ...boot };
  serverOrigin = origin;
  renderedDates = {};
  try {
    const rendered = render();
    return { rendered, dates: renderedDates };
  } finally {
    data = undefined;
    serverOrigin = undefined;
    renderedDates = undefined;
  }
}

/** The dates the server's render writes, while it renders. */
let renderedDates: Record<string, string> | undefined;

/**
 * A date's text in the page's first render: on the server made (in the reader's zone: bootTimeZone) and kept for
 * the page; in the browser the server's, so that hydration meets the same text whatever the browser's own Intl
 * writes. Undefined in the browser for a date the server did not write.
 */
export function pageDate(key: string, make: () => string): string | undefined {
  if (renderedDates) return (renderedDates[key] = make());
  return read().dates?.[key];
}

/** The zone the server writes the page's dates in (the reader's, from the cookie of contract/time-zone.ts); undefined: UTC. */
export function bootTimeZone(): string | undefined {
  return read().timeZone;
}

/** The origin the page was loaded from. */
export function pageOrigin(): string {
  return serverOrigin ?? window.location.origin;
}

export function bootConfig(): BootData["config"] | undefined {
  return read().config;
}

/** The reader's explicit theme (the theme cookie) when the page was made; undefined: as the system. */
export function bootTheme(): BootData["theme"] {
  return read().theme;
}

/** Whether the reader folded the side menu (the menu cookie) when the page was made. */
export function bootMenuCollapsed(): boolean {
  return read().menuCollapsed === true;
}

/** React Router's state for hydrating the server's render; present only when the server rendered the page. */
export function bootHydration(): BootData["hydration"] {
  return read().hydration;
}

/** GET /api/session's answer for this page load, once. */
export function takeBootSession(): BootData["session"] {
  const boot = read();
  const { session } = boot;
  delete boot.session;
  return session;
}

/**
 * The flow the server fetched for this page: the one named by ?flow=, or the one it started, if it is of this
 * kind and was started with this query. Reading it changes nothing (see above).
 */
export function bootFlow(kind: FlowKind, query: FlowQuery, flowId?: string): unknown {
  const fetched = read().flow;
  if (fetched?.kind !== kind) return undefined;
  if (flowId !== undefined || fetched.id !== undefined) {
    if (fetched.id !== flowId) return undefined;
  } else if (flowQueryNames.some((name) => query[name] !== fetched.query[name])) return undefined;
  return fetched.flow;
}

/** The page that showed this flow is on screen: a page of its kind that comes later starts its own. */
export function forgetBootFlow(flow: unknown): void {
  const boot = read();
  if (flow !== undefined && boot.flow?.flow === flow) delete boot.flow;
}

/** The answer of a GET /api request (its URL, contract/boot.ts: apiReads) that came with the page, once. */
export function takeBootAnswer(url: string): unknown {
  const boot = read();
  const answer = boot.answers?.[url];
  // A copy without it: the server's render must not change the data that goes into its page.
  boot.answers = Object.fromEntries(Object.entries(boot.answers ?? {}).filter(([key]) => key !== url));
  return answer;
}
