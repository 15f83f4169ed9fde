// `npm run bench -- render [path…]`: what the server's first render of a page
// costs the portal's CPU (docs/benchmarks.md). Starts a stack and the portal
// as `npm start` runs it, takes each page's start-up data from the page the
// portal sends (a new visitor's; a signed-in person's for /settings), then
// renders the page with the built app's server entry
// (web/dist/ssr/entry-server.js) in this process, again and again: the
// milliseconds of one render, the median of interleaved rounds. With
// BENCH_COMPARE=<folder> (a checkout of another commit after `npm run
// build`), that build's server entry renders the same pages in the same
// rounds, and the ratios are printed.
import { resolve, join } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { request } from "@playwright/test";
import type { BootData, ServerRender } from "../contract/schemas/app-page.js";
import { bootDataOf } from "../testing/boot-data.js";
import { createIdentity } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { startTestStack } from "../stack/test-stack.js";
import { startPortal } from "../stack/portal.js";
import { webDist } from "../stack/web-build.js";
import { median } from "./hot-path.js";

const publicPages = ["/login", "/registration", "/recovery"];
const signedInPages = ["/settings"];
/** Renders per round and page, and rounds. */
const renders = 200;
const rounds = 7;

interface Build {
  name: string;
  entry: ServerRender;
}

/** The start-up data the portal put in a page, less what the render itself adds: what the render of it is given. */
function bootOf(html: string): BootData {
  const { hydration: _hydration, dates: _dates, ...boot } = bootDataOf(html);
  return boot as BootData;
}

async function buildOf(name: string, webRoot: string): Promise<Build> {
  return { name, entry: (await import(pathToFileURL(join(webRoot, "ssr", "entry-server.js")).href)) as ServerRender };
}

/** Milliseconds of one render of the page, over `renders` renders (each given its own copy of the data, as a request is). */
async function timeRenders(build: Build, path: string, origin: string, boot: BootData): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < renders; i += 1) {
    const rendered = await build.entry.render(path, origin, structuredClone(boot));
    if (!rendered) throw new Error(`${build.name} rendered nothing for ${path}`);
  }
  return (performance.now() - started) / renders;
}

export async function benchServerRender(paths: string[]): Promise<void> {
  // React's production build, as the portal runs it.
  process.env.NODE_ENV = "production";
  const compareDir = process.env.BENCH_COMPARE ? resolve(process.env.BENCH_COMPARE) : undefined;
  const stack = await startTestStack({ progress: true });
  const api = await request.newContext();
  try {
    await startPortal(stack.supervisor, stack.settings, stack);
    const origin = stack.portalOrigin;
    const wanted = paths.length > 0 ? paths : [...publicPages, ...signedInPages];
    const boots = new Map<string, BootData>();
    for (const path of wanted.filter((path) => !signedInPages.includes(path))) {
      boots.set(path, bootOf(await (await fetch(`${origin}${path}`)).text()));
    }
    if (wanted.some((path) => signedInPages.includes(path))) {
      const person = await createIdentity(stack.adminUrl, { verified: true });
      const signedIn = await new RequestContextBrowser(api, origin).signIn(person.email, person.password);
      if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()}`);
      for (const path of wanted.filter((path) => signedInPages.includes(path))) {
        boots.set(path, bootOf(await (await api.get(`${origin}${path}`)).text()));
      }
    }
    const other = compareDir ? await buildOf(compareDir, join(compareDir, "web", "dist")) : undefined;
    const own = await buildOf("this build", webDist);
    const builds = other ? [other, own] : [own];
    const times = new Map<string, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const build of builds) {
        for (const [path, boot] of boots) {
          const key = `${build.name} ${path}`;
          times.set(key, [...(times.get(key) ?? []), await timeRenders(build, path, origin, boot)]);
        }
      }
    }
    console.log(`Server render, ms per render (median of ${rounds} rounds of ${renders}, interleaved; NODE_ENV=production):`);
    for (const path of boots.keys()) {
      const ownMs = median(times.get(`${own.name} ${path}`) ?? []);
      if (!other) {
        console.log(`  ${path.padEnd(16)} ${ownMs.toFixed(2)} ms`);
        continue;
      }
      const otherMs = median(times.get(`${other.name} ${path}`) ?? []);
      console.log(`  ${path.padEnd(16)} ${ownMs.toFixed(2)} ms against ${otherMs.toFixed(2)} ms  ×${(ownMs / otherMs).toFixed(2)}`);
    }
  } finally {
    await api.dispose();
    await stack.stop();
  }
}
