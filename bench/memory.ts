// `npm run bench -- memory`: what the image's portal holds in memory and of
// what it is made, at three moments: started (no request yet), idle (after it
// rendered /login once, as `npm run bench` reads it) and right after the hot
// paths' load (whoami through /kratos and /api/session, as `npm run bench`
// runs them), with the peak. Each moment splits the resident memory into what
// the kernel counts (anonymous: heaps, stacks, malloc; file: Node's own code,
// mapped from its binary) and what Node reports on its metrics port (V8's heap
// in use and reserved, and the memory it holds outside that heap).
//
// With BENCH_COMPARE=<folder> (another build in the image's layout, as for the
// first loads), that build is measured first, with its own Dockerfile's Node
// options, then this one, on the same stack in the same run, then the bench's
// bare Node proxy (the floor for memory as for speed). Each argument
// after `memory` is one more variant of this build to measure after it, with
// more Node options and environment variables, as a list like
// "MALLOC_ARENA_MAX=2 --max-semi-space-size=4": a setting is tried beside the
// image's own in one run before the image takes it.
import { request } from "@playwright/test";
import { resolve } from "node:path";
import { createIdentity } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { startTestStack, type TestStack } from "../stack/test-stack.js";
import { freePort } from "../stack/supervisor.js";
import { imageCommand, imageNode } from "../stack/image-node.js";
import { startPortal, type PortalOptions } from "../stack/portal.js";
import { buildRelease } from "../stack/release.js";
import { measureHotPaths, median, startFloor } from "./hot-path.js";
import { residentSplit } from "./processes.js";

const load = { connections: 32, seconds: Number(process.env.BENCH_SECONDS || 6), rounds: 3 };
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The figures of prom-client's default metrics that say what Node holds, in bytes. */
async function nodeMemory(metricsUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
  return {
    heapUsed: value("nodejs_heap_size_used_bytes"),
    heapTotal: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
  };
}

interface Moment {
  name: string;
  rssMb: number;
  anonMb: number;
  fileMb: number;
  node: Record<string, number>;
}

async function moment(name: string, pid: number, metricsUrl: string): Promise<Moment> {
  const node = await nodeMemory(metricsUrl);
  return { name, ...residentSplit(pid), node };
}

/** One build's portal, as the image runs it, through the three moments; its peak resident memory last. */
async function measureBuild(
  stack: TestStack,
  release: NonNullable<PortalOptions["release"]>,
  cookie: string,
  env: Record<string, string> = {},
): Promise<Measured> {
  const metricsPort = await freePort();
  await startPortal(stack.supervisor, stack.settings, stack, {
    release,
    env: { ...env, METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1", LIMIT_API_IP: "100000000/1m" },
  });
  try {
    const pid = stack.supervisor.pid("portal");
    if (pid === undefined) throw new Error("the portal has no process to measure");
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The metrics' server listens once the public one does, which is what startPortal waited for.
    await stack.supervisor.waitFor("portal", metricsUrl, "the portal's metrics", 10_000);
    const origin = stack.portalOrigin;
    const moments = [await moment("started", pid, metricsUrl)];
    const page = await fetch(`${origin}/login`);
    if (!page.ok) throw new Error(`/login answered ${page.status}`);
    moments.push(await moment("idle after /login", pid, metricsUrl));
    const results = await measureHotPaths(
      [
        { name: "whoami through /kratos", url: `${origin}/kratos/sessions/whoami` },
        { name: "/api/session", url: `${origin}/api/session` },
      ],
      cookie,
      load,
      { portal: pid },
    );
    moments.push(await moment("after the hot paths' load", pid, metricsUrl));
    // What a setting that saves memory costs: the portal's CPU time per request, which moves less than the rates.
    const session = results.filter(({ target }) => target === "/api/session").map(({ cpuUsPerRequest }) => cpuUsPerRequest.portal);
    return { moments, peakMb: residentSplit(pid).peakMb, sessionCpuUs: median(session) };
  } finally {
    await stack.supervisor.stop("portal");
  }
}

interface Measured {
  moments: Moment[];
  peakMb: number;
  /** The portal's CPU time per /api/session, median of the rounds, in microseconds. */
  sessionCpuUs: number;
}

function print(label: string, { moments, peakMb, sessionCpuUs }: Measured): void {
  console.log(`${label}: resident MB (anonymous + Node's binary) | V8 heap used / reserved | outside the heap (MB)`);
  for (const { name, rssMb, anonMb, fileMb, node } of moments) {
    console.log(
      `  ${name.padEnd(26)} ${rssMb.toFixed(1).padStart(6)} (${anonMb.toFixed(1)} + ${fileMb.toFixed(1)}) | ` +
        `${mb(node.heapUsed)} / ${mb(node.heapTotal)} | ${mb(node.external)}`,
    );
  }
  console.log(`  peak resident: ${peakMb.toFixed(1)} MB; the portal's CPU per /api/session: ${sessionCpuUs.toFixed(0)} µs`);
}

export async function benchMemory(variants: string[]): Promise<void> {
  const compareDir = process.env.BENCH_COMPARE ? resolve(process.env.BENCH_COMPARE) : undefined;
  const stack = await startTestStack({ progress: true });
  const context = await request.newContext();
  try {
    const node = await imageNode((line) => {
      stack.supervisor.progress("bench", line);
    });
    const release = await buildRelease(stack.supervisor);
    const person = await createIdentity(stack.adminUrl, { verified: true });
    // A session for the load, signed in through the portal of this build (any build's would do: the session is Kratos').
    await startPortal(stack.supervisor, stack.settings, stack, { release: { dir: release, node: node.path } });
    const signedIn = await new RequestContextBrowser(context, stack.portalOrigin).signIn(person.email, person.password);
    if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()} ${await signedIn.text()}`);
    await stack.supervisor.stop("portal");
    const cookie = (await context.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
    console.log(`Load: ${load.connections} connections, ${load.seconds} s per target, ${load.rounds} rounds; Node ${node.version}`);
    if (compareDir) {
      const other = { dir: compareDir, node: node.path, nodeOptions: imageCommand(compareDir).nodeOptions };
      print(`BENCH_COMPARE (${compareDir}), its Dockerfile's Node options`, await measureBuild(stack, other, cookie));
    }
    print("this build", await measureBuild(stack, { dir: release, node: node.path }, cookie));
    // The floor: a bare Node proxy (bare-proxy.mjs: node:http and undici, nothing else) under the same load.
    const floor = await startFloor(stack, node.path);
    const floorIdle = residentSplit(floor.pid);
    await measureHotPaths([floor.target], cookie, load, { "bare proxy": floor.pid });
    const floorLoaded = residentSplit(floor.pid);
    await stack.supervisor.stop("bare-proxy");
    console.log(
      `the bare Node proxy, the image's Node options (whoami through it, the same load): ${floorIdle.rssMb.toFixed(1)} MB resident idle ` +
        `(${floorIdle.anonMb.toFixed(1)} + ${floorIdle.fileMb.toFixed(1)}), ${floorLoaded.peakMb.toFixed(1)} MB peak`,
    );
    for (const variant of variants) {
      const words = variant.split(/\s+/).filter(Boolean);
      const env: Record<string, string> = {};
      for (const word of words.filter((word) => !word.startsWith("-"))) {
        const [name, value = ""] = word.split(/=(.*)/s);
        env[name] = value;
      }
      const nodeOptions = [...imageCommand().nodeOptions, ...words.filter((word) => word.startsWith("-"))];
      print(`this build with ${variant}`, await measureBuild(stack, { dir: release, node: node.path, nodeOptions }, cookie, env));
    }
  } finally {
    await context.dispose();
    await stack.stop();
  }
}
