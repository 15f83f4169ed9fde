// `npm run bench` (docs/benchmarks.md): starts a stack of its own and measures:
// the first load of the public pages the server renders (/login, also with
// scripts off, /registration, /recovery), /settings and /manage-clients in a
// cold Chromium context (loopback and throttled): until usable and until the
// network is idle, beside the floor (a page of one field from a bare server,
// also with the portal's security headers), /login and the floor also as a
// link on another site's page opens them and as typed into a new tab (from
// Chromium's new-tab page); a sign-in with scripts off; and
// the hot paths (Kratos' whoami on its own port, through the /kratos proxy,
// and /api/session) with the portal's memory and each process's CPU time per
// request, for the portal as `npm start` runs it and as the Docker image runs
// it, the image's next to a bare Node proxy
// (bare-proxy.mjs: the floor for any proxy in Node). Prints medians and ratios;
// nothing here passes or fails. Last, the image once more with traces on
// (OTEL_EXPORTER_OTLP_ENDPOINT at a collector here that takes the spans and
// drops them): what tracing costs, beside what it costs when off (nothing
// loaded, so the image's own figures).
//
// BENCH_RUNS=0 skips the first loads (the hot paths only).
//
// BENCH_COMPARE=<folder> also measures the first loads of another build of the
// portal, in the image's layout (server/dist/server.mjs, web/dist and
// package.json: a checkout of another commit after `npm run build`), on the
// same stack in the same run, right before this one's, and prints the ratios.
//
// BENCH_ORY_UI=<folder> also measures Ory's reference UI (kratos-selfservice-ui-node, a checkout of it after its
// `npm ci && npm run build`) on a Kratos of its own (ory-ui.ts): its /login, /registration, /recovery and
// /settings interleaved with the portal's, and prints the ratios.
//
// BENCH_PROFILE=<folder> measures the image's hot paths only, with Node's CPU
// profiler on and a heap snapshot taken at the end of the load, writes both
// into the folder and prints what they show (profile-summary.ts).
//
// `npm run bench -- pages /login …` measures those pages' first loads alone;
// `npm run bench -- capacity` the sizing guide's figures (capacity.ts);
// `npm run bench -- memory` what the image's portal holds in memory, of what it
// is made, and what a Node option or a build does to it (memory.ts);
// `npm run bench -- entry` of what the public pages' script is made
// (entry-composition.ts); `npm run bench -- proof-of-work` what the check
// before the abuse limits costs an attacker and a person (proof-of-work.ts);
// `npm run bench -- import` how fast 1,000 people are imported and the
// portal's memory meanwhile (import.ts); `npm run bench -- sqlite-locks` how
// often the local stack's SQLite makes Kratos answer 500 to sign-ins at once
// (sqlite-locks.ts); `npm run bench -- user-search` how long Manage Users'
// search takes as Kratos' SQLite fills up (user-search.ts); `npm run bench --
// render` what the server's first render of a page costs (server-render.ts).
import { mkdirSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { cpus } from "node:os";
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { createIdentity } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { startTestStack, type TestStack } from "../stack/test-stack.js";
import { freePort } from "../stack/supervisor.js";
import { imageNode } from "../stack/image-node.js";
import { startPortal, type PortalOptions } from "../stack/portal.js";
import { buildRelease } from "../stack/release.js";
import { loopback, throttled } from "../testing/network-profiles.js";
import { measureFirstLoads, signInWithoutJavaScript, type FirstLoadFigures, type PageUnderTest } from "./first-load.js";
import { measureHotPaths, median, startFloor, type RoundResult, type Target } from "./hot-path.js";
import { benchCapacity } from "./capacity.js";
import { benchEntry } from "./entry-composition.js";
import { benchImport } from "./import.js";
import { benchMemory } from "./memory.js";
import { startOryUi, type OryUi } from "./ory-ui.js";
import { benchProofOfWork } from "./proof-of-work.js";
import { benchServerRender } from "./server-render.js";
import { benchSqliteLocks } from "./sqlite-locks.js";
import { benchUserSearch } from "./user-search.js";
import { memoryOf } from "./processes.js";
import { summarizeCpuProfile, summarizeHeapSnapshot } from "./profile-summary.js";
import { securityHeaders } from "../server/src/plugins/security-headers.js";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const firstLoadRuns = Number(process.env.BENCH_RUNS ?? 5);
const load = { connections: 32, seconds: Number(process.env.BENCH_SECONDS || 6), rounds: 3 };
const profileDir = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined;
const compareDir = process.env.BENCH_COMPARE ? resolve(process.env.BENCH_COMPARE) : undefined;
const oryUiDir = process.env.BENCH_ORY_UI ? resolve(process.env.BENCH_ORY_UI) : undefined;
/** How the floor (floorPage) is named in the tables. */
const floorName = "floor";
/** How a visit from another site's page is named in the tables, after the page's name. */
const fromSiteName = ", from a site";
/**
 * How a visit typed into a new tab is named: the tab shows Chromium's new-tab page first, as Chrome's do, not the
 * blank page a new Playwright page starts on (the tables' plain rows), whose renderer the next site may keep.
 */
const typedName = ", typed in a new tab";
const newTabPage = "chrome://newtab/";
/** How Ory's UI's pages are named in the tables. */
const oryName = (path: string) => `Ory UI ${path}`;

/** An admin with an authenticator app, signed in with both factors in this context (what Manage Clients asks of admins). */
async function signInAdmin(context: BrowserContext, stack: TestStack, origin: string): Promise<void> {
  const admin = await createIdentity(stack.adminUrl, { roles: ["admin"], verified: true });
  const browser = new RequestContextBrowser(context.request, origin);
  const signedIn = await browser.signIn(admin.email, admin.password);
  if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()} ${await signedIn.text()}`);
  await browser.enrolTotp();
  // Setting up a second factor lifts the session that did it to aal2.
  const whoami = await context.request.get(`${origin}/kratos/sessions/whoami`);
  const aal = ((await whoami.json()) as { authenticator_assurance_level?: string }).authenticator_assurance_level;
  if (aal !== "aal2") throw new Error(`the admin's session is ${aal}, not aal2`);
}

/** An OTLP/HTTP collector that answers every export and keeps nothing but the count of bytes it was sent. */
async function spanSink(): Promise<{ url: string; received: () => number; close: () => void }> {
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, received: () => bytes, close: () => server.close() };
}

/**
 * The floor of a first load here: a page of one field and nothing else (no stylesheet, no script), from a bare
 * Node server on loopback. What any page costs a cold Chromium context on this machine before its own work; at
 * /coop with the portal's Cross-Origin-Opener-Policy, at /headers with all of its security headers
 * (plugins/security-headers.ts): what they cost such a page. On another loopback address than the portal's and
 * Ory's UI's (`host`), the same page stands for another site's, which a visit comes from.
 */
async function floorPage(host = "127.0.0.1"): Promise<{ origin: string; close: () => void }> {
  const html = '<!doctype html><html lang="en"><title>Sign in</title><label>Email <input name="identifier"></label></html>';
  const port = await freePort();
  const origin = `http://${host}:${port}`;
  const portalHeaders = securityHeaders({ origin, formActionOrigins: [] });
  const server = createServer((request, response) => {
    const send = () => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    if (request.url === "/coop") response.setHeader("cross-origin-opener-policy", "same-origin");
    if (request.url === "/headers") portalHeaders(request, response, send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { origin, close: () => server.close() };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const say = (line = "") => {
  console.log(line);
};

function printFirstLoads(figures: FirstLoadFigures[]): void {
  say(`First load, cold Chromium context, median of ${firstLoadRuns} (min–max):`);
  say(
    "  page                                profile     usable ms              first paint ms   app ms   long tasks ms (n): before usable, in all   paint held   until usable: bytes, requests   until idle: bytes, requests",
  );
  const range = (values: number[]) => `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`;
  for (const { page, profile, runs } of figures) {
    if (runs.length === 0) {
      say(`  ${page.padEnd(35)} ${profile.padEnd(11)} never usable`);
      continue;
    }
    say(
      `  ${page.padEnd(35)} ${profile.padEnd(11)} ${range(runs.map((run) => run.usableMs)).padEnd(22)} ` +
        `${String(median(runs.map((run) => run.firstPaintMs))).padEnd(16)} ${(runs.some((run) => Number.isNaN(run.appMs)) ? "–" : String(median(runs.map((run) => run.appMs)))).padEnd(8)} ` +
        `${`${median(runs.map((run) => run.longTasksMs))} (${median(runs.map((run) => run.longTaskCount))}), ${median(runs.map((run) => run.allLongTasksMs))} (${median(runs.map((run) => run.allLongTaskCount))})`.padEnd(38)} ` +
        `${`${runs.filter((run) => run.paintHeld).length}/${runs.length}`.padEnd(12)} ` +
        `${`${kib(median(runs.map((run) => run.bytes)))} in ${median(runs.map((run) => run.requests))}`.padEnd(31)} ` +
        `${kib(median(runs.map((run) => run.idleBytes)))} in ${median(runs.map((run) => run.idleRequests))}`,
    );
  }
}

function printHotPaths(variant: string, results: RoundResult[], memory: { idleMb: number; peakMb: number }): void {
  say(
    `Hot paths, ${variant}: ${load.connections} connections, ${load.seconds} s each, ${load.rounds} interleaved rounds (median; min–max):`,
  );
  const direct = results.filter((result) => result.target === "whoami on Kratos' port");
  for (const name of [...new Set(results.map((result) => result.target))]) {
    const own = results.filter((result) => result.target === name);
    const rps = own.map((result) => result.requestsPerSecond);
    const ratios = own.map((result, index) => result.requestsPerSecond / direct[index].requestsPerSecond);
    const p99Ratios = own.map((result, index) => result.p99Ms / direct[index].p99Ms);
    const failures = own.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
    say(
      `  ${name.padEnd(28)} ${median(rps).toFixed(0)} req/s (${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)}), ` +
        `p50 ${median(own.map((r) => r.p50Ms))} ms, p99 ${median(own.map((r) => r.p99Ms))} ms` +
        (name === direct[0]?.target
          ? ""
          : `; ×${median(ratios).toFixed(2)} of Kratos' req/s (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), p99 ×${median(p99Ratios).toFixed(2)}`) +
        (failures ? `; ${failures} non-2xx or errors` : ""),
    );
    // Processes that did next to nothing for this target (the portal while Kratos is called directly) are left out.
    const cpu = Object.keys(own[0].cpuUsPerRequest)
      .map((process) => ({ process, us: median(own.map((result) => result.cpuUsPerRequest[process])) }))
      .filter(({ us }) => us >= 5)
      .map(({ process, us }) => `${process} ${us.toFixed(0)} µs`);
    say(`  ${"".padEnd(28)} CPU per request: ${cpu.join(", ")}`);
  }
  say(
    `  portal memory: ${memory.idleMb.toFixed(0)} MB resident idle (after rendering /login once), ${memory.peakMb.toFixed(0)} MB peak under load`,
  );
}

/** The files Node wrote into the profile folder since `before`, newest last. */
function newFiles(dir: string, suffix: string, before: Set<string>): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix) && !before.has(name))
    .map((name) => join(dir, name));
}

async function benchVariant(
  stack: TestStack,
  variant: string,
  portal: PortalOptions,
  cookie: string,
  floor?: { target: Target; pid: number },
): Promise<void> {
  const profiled = profileDir ? new Set(readdirSync(profileDir)) : undefined;
  const nodeArgs = profileDir
    ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${profileDir}`]
    : [];
  // Every request comes from one address: the per-IP limit of /api is lifted out of the way (still counting each
  // request, as it does in production), or the bench would measure 429s.
  await startPortal(stack.supervisor, stack.settings, stack, {
    ...portal,
    nodeArgs,
    env: { ...portal.env, LIMIT_API_IP: "100000000/1m" },
  });
  const pid = stack.supervisor.pid("portal");
  if (pid === undefined) throw new Error("the portal has no process to measure");
  const origin = `http://127.0.0.1:${stack.settings.portal.port}`;
  // A portal in service has rendered pages: the app's server render is loaded before memory is read.
  const page = await fetch(`${origin}/login`);
  if (!page.ok) throw new Error(`/login answered ${page.status}`);
  const idleMb = memoryOf(pid).rssMb;
  const kratos = stack.supervisor.pid("kratos");
  if (kratos === undefined) throw new Error("Kratos has no process to measure");
  const results = await measureHotPaths(
    [
      { name: "whoami on Kratos' port", url: `${stack.publicUrl}/sessions/whoami` },
      ...(floor ? [floor.target] : []),
      { name: "whoami through /kratos", url: `${origin}/kratos/sessions/whoami` },
      { name: "/api/session", url: `${origin}/api/session` },
    ],
    cookie,
    load,
    { Kratos: kratos, portal: pid, ...(floor ? { "bare proxy": floor.pid } : {}) },
  );
  printHotPaths(variant, results, { idleMb, peakMb: memoryOf(pid).peakMb });
  if (profileDir && profiled) {
    // The heap as the load left it; Node writes the snapshot, then the CPU profile as it exits.
    process.kill(pid, "SIGUSR2");
    await stack.supervisor.waitUntil("bench", "the heap snapshot", async () =>
      newFiles(profileDir, ".heapsnapshot", profiled).length > 0 ? true : "not written yet",
    );
    await stack.supervisor.stop("portal", { timeoutMs: 60_000 });
    for (const file of newFiles(profileDir, ".cpuprofile", profiled)) say([`  ${file}`, ...summarizeCpuProfile(file)].join("\n"));
    for (const file of newFiles(profileDir, ".heapsnapshot", profiled)) say([`  ${file}`, ...summarizeHeapSnapshot(file)].join("\n"));
    return;
  }
  await stack.supervisor.stop("portal");
}

/** Each page's usable time here over the other build's, on the same profile: below 1 is faster. */
function printRatios(before: FirstLoadFigures[], after: FirstLoadFigures[]): void {
  say(`Usable time, this build over BENCH_COMPARE's (${compareDir ?? ""}), medians of the same run:`);
  for (const figure of after) {
    const other = before.find(({ page, profile }) => page === figure.page && profile === figure.profile);
    if (!other || other.runs.length === 0 || figure.runs.length === 0) continue;
    const now = median(figure.runs.map((run) => run.usableMs));
    const then = median(other.runs.map((run) => run.usableMs));
    say(
      `  ${figure.page.padEnd(35)} ${figure.profile.padEnd(11)} ${String(then).padStart(6)} ms → ${String(now).padStart(6)} ms  ×${(now / then).toFixed(2)}`,
    );
  }
}

/** The portal's usable time over Ory's UI's for the same page and profile, medians of the same interleaved run. */
function printOryRatios(figures: FirstLoadFigures[]): void {
  say("Usable time, this portal over Ory's UI (kratos-selfservice-ui-node), medians of the same interleaved run:");
  for (const ory of figures.filter(({ page }) => page.startsWith("Ory UI "))) {
    const portal = figures.find(({ page, profile }) => oryName(page) === ory.page && profile === ory.profile);
    if (!portal || portal.runs.length === 0 || ory.runs.length === 0) continue;
    const ours = median(portal.runs.map((run) => run.usableMs));
    const theirs = median(ory.runs.map((run) => run.usableMs));
    say(
      `  ${portal.page.padEnd(35)} ${ory.profile.padEnd(11)} ${String(ours).padStart(6)} ms against ${String(theirs).padStart(6)} ms  ×${(ours / theirs).toFixed(2)}`,
    );
  }
}

async function benchFirstLoads(
  browser: Browser,
  stack: TestStack,
  origin: string,
  cookies: Cookie[],
  only: string[] = [],
  ory?: OryUi,
): Promise<FirstLoadFigures[]> {
  const email = (page: Page) => page.locator('input[name="identifier"], input[name="traits.email"], input[name="email"]').first();
  const person = await createIdentity(stack.adminUrl, { verified: true, name: { first: "Bench", last: "Person" } });
  const pages: PageUnderTest[] = [
    { name: "/login", path: "/login", ready: email },
    { name: "/login, no JavaScript", path: "/login", ready: email, javaScriptEnabled: false },
    { name: "/registration", path: "/registration", ready: email },
    { name: "/recovery", path: "/recovery", ready: email },
    { name: "/settings", path: "/settings", ready: (page) => page.locator('input[name="traits.name.first"]'), cookies },
    { name: "/manage-clients", path: "/manage-clients", ready: (page) => page.getByRole("table", { name: "OAuth2 clients" }), cookies },
    // Issue 34: the other signed-in pages, usable once their first field is, or their data shows.
    { name: "/ (to /settings)", path: "/", ready: (page) => page.locator('input[name="traits.name.first"]'), cookies },
    { name: "/changepwd", path: "/changepwd", ready: (page) => page.locator('input[name="password"]'), cookies },
    {
      name: "/manage-users",
      path: "/manage-users",
      ready: (page) => page.getByRole("table", { name: "Users" }).getByRole("row").nth(1),
      cookies,
    },
    {
      name: "/manage-users/user",
      path: `/manage-users/user?id=${person.id}`,
      ready: (page) => page.getByRole("heading", { name: "Bench Person" }),
      cookies,
    },
    {
      name: "/settings/devices",
      path: "/settings/devices",
      ready: (page) => page.getByRole("table", { name: "Your sessions" }).getByRole("row").nth(1),
      cookies,
    },
  ];
  const chosen = only.length ? pages.filter((page) => only.includes(page.path)) : pages;
  // A blank new page is where Cross-Origin-Opener-Policy costs a page most (docs/benchmarks.md): /login, and the
  // floor with and without it, also as a link from another site's page opens them (127.0.0.2: neither the
  // portal's host nor Ory's UI's) and as typed into a new tab.
  const site = await floorPage("127.0.0.2");
  const fromSite = (page: PageUnderTest): PageUnderTest => ({ ...page, name: `${page.name}${fromSiteName}`, from: site.origin });
  const typed = (page: PageUnderTest): PageUnderTest => ({ ...page, name: `${page.name}${typedName}`, from: newTabPage });
  const login = chosen.filter(({ name }) => name === "/login");
  chosen.push(...login.map(fromSite), ...login.map(typed));
  // Ory's UI's pages that the portal has too, measured in the same rounds as the portal's.
  if (ory)
    for (const page of chosen.filter(({ name }) =>
      ["/login", "/registration", "/recovery", "/settings", `/login${fromSiteName}`, `/login${typedName}`].includes(name),
    ))
      chosen.push({ ...page, name: oryName(page.name), origin: ory.origin, cookies: page.cookies && ory.cookies });
  const floor = await floorPage();
  const field = (page: Page) => page.locator('input[name="identifier"]');
  const floors: PageUnderTest[] = [
    { name: floorName, path: "/", ready: field, origin: floor.origin },
    { name: `${floorName}, COOP`, path: "/coop", ready: field, origin: floor.origin },
  ];
  chosen.push(
    ...floors,
    { name: `${floorName}, headers`, path: "/headers", ready: field, origin: floor.origin },
    ...floors.map(fromSite),
    ...floors.map(typed),
  );
  const figures = await measureFirstLoads(browser, origin, chosen, [loopback, throttled], firstLoadRuns).finally(() => {
    floor.close();
    site.close();
  });
  const visitor = await createIdentity(stack.adminUrl, { verified: true });
  const noScript = await signInWithoutJavaScript(browser, origin, visitor.email, visitor.password).then(
    (ms) => `succeeded, ${ms} ms from opening /login to a session (loopback)`,
    (error: unknown) => `FAILED: ${(error as Error).message}`,
  );
  say();
  printFirstLoads(figures);
  if (ory) printOryRatios(figures);
  say(`Sign-in with scripts disabled (the server's form posts to Kratos): ${noScript}`);
  return figures;
}

/** The first loads and the hot paths, as described at the top of this file; with `pagesOnly`, those pages' first loads alone. */
async function benchAll(pagesOnly?: string[]): Promise<void> {
  const started = Date.now();
  say("bench: building the app and the bundled server, and starting a stack of its own…");
  const stack = await startTestStack({ progress: true });
  let browser: Browser | undefined;
  try {
    // The image's way: the bundled server and the built app, on the image's Node.
    const node = await imageNode((line) => {
      stack.supervisor.progress("bench", line);
    });
    const image: PortalOptions = { release: { dir: await buildRelease(stack.supervisor), node: node.path } };
    browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });

    // First loads against the portal as the image runs it; the session of an admin for the pages behind it.
    const origin = stack.portalOrigin;
    await startPortal(stack.supervisor, stack.settings, stack, image);
    const adminContext = await browser.newContext();
    await signInAdmin(adminContext, stack, origin);
    const cookies = await adminContext.cookies();
    await adminContext.close();
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
    if (!profileDir && firstLoadRuns > 0) {
      let before: FirstLoadFigures[] | undefined;
      if (compareDir) {
        await stack.supervisor.stop("portal");
        say(`bench: first loads of the build in ${compareDir}, then of this one`);
        await startPortal(stack.supervisor, stack.settings, stack, { release: { dir: compareDir, node: node.path } });
        before = await benchFirstLoads(browser, stack, origin, cookies, pagesOnly);
        await stack.supervisor.stop("portal");
        await startPortal(stack.supervisor, stack.settings, stack, image);
      }
      let ory: OryUi | undefined;
      if (oryUiDir) {
        const oryContext = await browser.newContext();
        ory = await startOryUi(stack, oryUiDir, node.path, oryContext);
        await oryContext.close();
      }
      const after = await benchFirstLoads(browser, stack, origin, cookies, pagesOnly, ory);
      if (before) printRatios(before, after);
    }
    if (pagesOnly) return;
    await stack.supervisor.stop("portal");
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
    } else {
      say();
      await benchVariant(stack, "npm start (tsx, LOG_LEVEL=info)", {}, cookie);
      say();
    }
    await benchVariant(
      stack,
      `Docker image (bundled, Node ${node.version}${node.fallback ? `: ${node.fallback}` : ""})`,
      image,
      cookie,
      profileDir ? undefined : await startFloor(stack, node.path),
    );
    if (!profileDir) {
      say();
      const sink = await spanSink();
      await benchVariant(
        stack,
        "Docker image, traced (OTEL_EXPORTER_OTLP_ENDPOINT: a collector that drops the spans)",
        {
          ...image,
          env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url },
        },
        cookie,
      );
      say(`  spans exported: ${(sink.received() / 2 ** 20).toFixed(1)} MiB of OTLP/JSON`);
      sink.close();
    }
    say();
    say(`bench: done in ${Math.round((Date.now() - started) / 1000)} s on ${cpus().length} cores, Node ${process.version}`);
  } finally {
    await browser?.close();
    await stack.stop();
  }
}

const [mode, ...modeArgs] = process.argv.slice(2);
if (mode === "capacity") await benchCapacity();
else if (mode === "memory") await benchMemory(modeArgs);
else if (mode === "import") await benchImport();
else if (mode === "entry") await benchEntry();
else if (mode === "proof-of-work") await benchProofOfWork();
else if (mode === "sqlite-locks") await benchSqliteLocks();
else if (mode === "user-search") await benchUserSearch();
else if (mode === "render") await benchServerRender(modeArgs);
else if (mode === "pages") await benchAll(modeArgs);
else await benchAll();
