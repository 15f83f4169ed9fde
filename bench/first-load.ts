// First load of a page in a cold Chromium context, as a new visitor (or an
// application sending its user to sign in) meets it: bytes on the wire,
// requests, and the time until the page is usable. Optionally on a throttled
// network (Chromium's own emulation), the profile of a poor mobile link.
import { setTimeout as delay } from "node:timers/promises";
import type { Browser, BrowserContext, Cookie, Locator, Page } from "@playwright/test";
import { emulateNetwork, type NetworkProfile } from "../testing/network-profiles.js";

export interface LoadResult {
  /** From the navigation's start until the page's main control is visible and enabled. */
  usableMs: number;
  /**
   * From the navigation's start until the app took the server's page over (React's root on #root): what works only
   * with the script (passkeys, dialogs) works from then on. NaN for a page without JavaScript.
   */
  appMs: number;
  /** The browser's first contentful paint, from the navigation's start. */
  firstPaintMs: number;
  /** The main thread's long tasks (over 50 ms) that started before the page was usable, in all: what kept it from painting or answering. */
  longTasksMs: number;
  /** How many they were. */
  longTaskCount: number;
  /** The same until the network went quiet: all the work of the page's load (the app's code, hydration, its idle preloads). */
  allLongTasksMs: number;
  allLongTaskCount: number;
  /** Whether a long task started before the first paint: the page's script held the paint (noise does not change the order). */
  paintHeld: boolean;
  /** Bytes on the wire until then (finished answers with their headers, the others as far as they came), and requests finished. */
  bytes: number;
  requests: number;
  /** The same once the network went quiet (nothing in flight for half a second): what the page costs in all. */
  idleBytes: number;
  idleRequests: number;
}

export interface PageUnderTest {
  name: string;
  path: string;
  /** The control that makes the page usable once visible and enabled. */
  ready(page: Page): Locator;
  /** Cookies of a signed-in user, for pages behind the session. */
  cookies?: Cookie[];
  /** False: a browser that runs no script (the server's page alone). */
  javaScriptEnabled?: boolean;
  /** Another server's page (Ory's UI, bench/ory-ui.ts) instead of the portal's: no app to wait for. */
  origin?: string;
  /**
   * A page the tab shows first, for a second (readingMs): another site's, as when an application's page sends its
   * user to sign in (a navigation from one site to another), or the browser's new-tab page, where a person types
   * the address. Without it, the tab is a new Playwright page, blank.
   */
  from?: string;
}

/**
 * How long the page a visit comes from is shown first: a person reads a page before following its link. Followed
 * the moment that page loaded, the link opened /login 65–125 ms later here, Chromium not yet ready for another
 * site (docs/benchmarks.md).
 */
const readingMs = 1000;

/** How long nothing may be in flight for the page to count as idle. */
const quietMs = 500;

/** How often the page is asked whether its control is usable yet. */
const pollMs = 5;

/**
 * Until the control is visible and enabled, asked every few milliseconds. Playwright's own waiting (`waitFor`) asks
 * again after 20, 50, then 100 ms: a page usable just after one question would count up to 100 ms late.
 */
async function untilUsable(ready: Locator): Promise<void> {
  for (const giveUp = Date.now() + 60_000; Date.now() < giveUp;) {
    // Neither waits: isEnabled is asked only of a control already there.
    if ((await ready.isVisible()) && (await ready.isEnabled())) return;
    await delay(pollMs);
  }
  throw new Error("not usable within 60 s");
}

async function measureOnce(browser: Browser, origin: string, target: PageUnderTest, profile: NetworkProfile): Promise<LoadResult> {
  const context: BrowserContext = await browser.newContext({ javaScriptEnabled: target.javaScriptEnabled ?? true });
  try {
    if (target.cookies) await context.addCookies(target.cookies);
    const page = await context.newPage();
    if (target.from) {
      await page.goto(target.from);
      await page.waitForTimeout(readingMs);
    }
    // Before the page's own code: the long tasks from the start (the page's CSP does not apply to what the
    // browser's automation adds).
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      Object.assign(globalThis, { benchLongTasks: tasks });
      // A browser's entry type, which Node's types (this file's) do not name.
      const longTasks = { type: "longtask", buffered: true } as unknown as Parameters<
        InstanceType<typeof PerformanceObserver>["observe"]
      >[0];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe(longTasks);
    });
    const cdp = await context.newCDPSession(page);
    await emulateNetwork(cdp, profile);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    // Bytes as they arrive, per request: a response still on its way counts with what came of it so far, so
    // that "until usable" is what the link carried by then (a script arriving beside the form included).
    const received = new Map<string, number>();
    let requests = 0;
    const inFlight = new Set<string>();
    let lastActivity = Date.now();
    const bytesSoFar = () => [...received.values()].reduce((total, bytes) => total + bytes, 0);
    cdp.on("Network.requestWillBeSent", (event: { requestId: string }) => {
      inFlight.add(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on("Network.dataReceived", (event: { requestId: string; encodedDataLength: number }) => {
      received.set(event.requestId, (received.get(event.requestId) ?? 0) + event.encodedDataLength);
      lastActivity = Date.now();
    });
    const done = (event: { requestId: string }) => {
      // A redirect reuses the id: only the final answer ends the request.
      if (inFlight.delete(event.requestId)) requests += 1;
      lastActivity = Date.now();
    };
    cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number }) => {
      // The whole answer, headers included.
      received.set(event.requestId, event.encodedDataLength);
      done(event);
    });
    cdp.on("Network.loadingFailed", done);
    const started = Date.now();
    await page.goto(`${target.origin ?? origin}${target.path}`, { waitUntil: "commit" });
    const ready = target.ready(page);
    await untilUsable(ready);
    const usableMs = Date.now() - started;
    const atUsable = { bytes: bytesSoFar(), requests };
    let appMs = NaN;
    if ((target.javaScriptEnabled ?? true) && target.origin === undefined) {
      await page.waitForFunction(
        () => {
          // A browser's document, which Node's types (this file's) do not name.
          const { document } = globalThis as unknown as { document: { getElementById(id: string): object | null } };
          const root = document.getElementById("root");
          return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer$"));
        },
        undefined,
        { timeout: 60_000, polling: 5 },
      );
      appMs = Date.now() - started;
    }
    const longTasks = await page.evaluate(
      () => (globalThis as { benchLongTasks?: { start: number; duration: number }[] }).benchLongTasks ?? [],
    );
    const beforeUsable = longTasks.filter((task) => task.start < usableMs);
    // The paint may be reported after the form counted as usable (Playwright reads the layout, not the screen). Read
    // from here: a page without JavaScript runs no timer of its own.
    let firstPaintMs = NaN;
    for (const giveUp = Date.now() + 5000; Number.isNaN(firstPaintMs) && Date.now() < giveUp;) {
      firstPaintMs = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN);
      if (Number.isNaN(firstPaintMs)) await page.waitForTimeout(50);
    }
    const giveUp = Date.now() + 30_000;
    while ((inFlight.size > 0 || Date.now() - lastActivity < quietMs) && Date.now() < giveUp) await page.waitForTimeout(50);
    const allLongTasks = await page.evaluate(
      () => (globalThis as { benchLongTasks?: { start: number; duration: number }[] }).benchLongTasks ?? [],
    );
    return {
      usableMs,
      appMs,
      firstPaintMs: Math.round(firstPaintMs),
      longTasksMs: Math.round(beforeUsable.reduce((sum, task) => sum + task.duration, 0)),
      longTaskCount: beforeUsable.length,
      allLongTasksMs: Math.round(allLongTasks.reduce((sum, task) => sum + task.duration, 0)),
      allLongTaskCount: allLongTasks.length,
      paintHeld: longTasks.some((task) => task.start < firstPaintMs),
      ...atUsable,
      idleBytes: bytesSoFar(),
      idleRequests: requests,
    };
  } finally {
    await context.close();
  }
}

export interface FirstLoadFigures {
  page: string;
  profile: string;
  runs: LoadResult[];
}

/** Each page on each profile, `runs` times, interleaved so that a noisy moment hits all alike. */
export async function measureFirstLoads(
  browser: Browser,
  origin: string,
  targets: PageUnderTest[],
  profiles: NetworkProfile[],
  runs: number,
): Promise<FirstLoadFigures[]> {
  const figures = targets.flatMap((target) => profiles.map((profile) => ({ target, profile, runs: [] as LoadResult[] })));
  // A page that never became usable counts no run (the table says so) instead of ending the bench.
  const once = (target: PageUnderTest, profile: NetworkProfile) =>
    measureOnce(browser, origin, target, profile).catch((error: unknown) => {
      console.log(`${target.name} (${profile.name}) never became usable: ${(error as Error).message.split("\n")[0] ?? ""}`);
      return undefined;
    });
  // One warm-up visit each: the server's first answer includes its own cold start.
  for (const { target, profile } of figures) await once(target, profile);
  for (let run = 0; run < runs; run += 1) {
    for (const figure of figures) {
      const result = await once(figure.target, figure.profile);
      if (result) figure.runs.push(result);
    }
  }
  return figures.map(({ target, profile, runs: results }) => ({ page: target.name, profile: profile.name, runs: results }));
}

/**
 * Signs in through the server's /login with scripts off: the form posts to Kratos natively. Resolves with the
 * time from opening the page until the portal's session check answers 200, or throws what went wrong.
 */
export async function signInWithoutJavaScript(browser: Browser, origin: string, email: string, password: string): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${origin}/login`);
    await page.locator('input[name="identifier"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await Promise.all([page.waitForURL((url) => url.pathname !== "/login"), page.locator('button[value="password"]').click()]);
    const session = await context.request.get(`${origin}/api/session`);
    if (session.status() !== 200) throw new Error(`the session check answered ${session.status()} after the sign-in`);
    return Date.now() - started;
  } finally {
    await context.close();
  }
}
