// First load of a page in a cold Chromium context, as a new visitor (or an
// application sending its user to sign in) meets it: bytes on the wire,
// requests, and the time until the page is usable. Optionally on a throttled
// network (Chromium's own emulation), the profile of a poor mobile link.
import type { Browser, BrowserContext, Cookie, Locator, Page } from "@playwright/test";

export interface NetworkProfile {
  name: string;
  /** Chromium's emulation: added round-trip latency, and throughput in bytes per second. */
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

export const loopback: NetworkProfile = { name: "loopback", latencyMs: 0, downloadBytesPerSecond: -1, uploadBytesPerSecond: -1 };

/** 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up: the profile issue 11 measured with. */
export const throttled: NetworkProfile = {
  name: "throttled",
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1000) / 8,
};

export interface LoadResult {
  /** From the navigation's start until the page's main control is visible and enabled. */
  usableMs: number;
  bytes: number;
  requests: number;
}

export interface PageUnderTest {
  name: string;
  path: string;
  /** The control that makes the page usable once visible and enabled. */
  ready(page: Page): Locator;
  /** Cookies of a signed-in user, for pages behind the session. */
  cookies?: Cookie[];
}

async function measureOnce(browser: Browser, origin: string, target: PageUnderTest, profile: NetworkProfile): Promise<LoadResult> {
  const context: BrowserContext = await browser.newContext();
  try {
    if (target.cookies) await context.addCookies(target.cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (profile !== loopback) {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: profile.latencyMs,
        downloadThroughput: profile.downloadBytesPerSecond,
        uploadThroughput: profile.uploadBytesPerSecond,
      });
    }
    let bytes = 0;
    let requests = 0;
    cdp.on("Network.requestWillBeSent", () => (requests += 1));
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
    const started = Date.now();
    await page.goto(`${origin}${target.path}`, { waitUntil: "commit" });
    const ready = target.ready(page);
    await ready.waitFor({ state: "visible", timeout: 60_000 });
    while (!(await ready.isEnabled())) await page.waitForTimeout(5);
    const usableMs = Date.now() - started;
    return { usableMs, bytes, requests };
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
  // One warm-up visit each: the server's first answer includes its own cold start.
  for (const { target, profile } of figures) await measureOnce(browser, origin, target, profile);
  for (let run = 0; run < runs; run += 1) {
    for (const figure of figures) figure.runs.push(await measureOnce(browser, origin, figure.target, figure.profile));
  }
  return figures.map(({ target, profile, runs: results }) => ({ page: target.path, profile: profile.name, runs: results }));
}
