// Requests per second and latency of the hot paths with a signed-in session:
// Kratos' whoami straight on its own port, the same through the portal's
// /kratos proxy, and the portal's /api/session (one whoami behind it). The
// targets are measured in interleaved rounds, so that each ratio compares runs
// made moments apart on the same noisy machine. Each round also reads the CPU
// time the named processes spent (Kratos, the portal, this load generator), per
// request: on a machine with fewer cores than processes, that is what bounds the
// rate, and it says where a request's time goes.
import autocannon from "autocannon";
import { join } from "node:path";
import { imageCommand } from "../stack/image-node.js";
import { freePort } from "../stack/supervisor.js";
import type { TestStack } from "../stack/test-stack.js";
import { cpuTimeUs } from "./processes.js";

export interface Target {
  name: string;
  url: string;
}

export interface RoundResult {
  target: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU time per request of each measured process, in microseconds. */
  cpuUsPerRequest: Record<string, number>;
}

/** The middle of the rounds' figures (of the two middle ones, their mean). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The name of the bench's own process among the measured ones. */
export const loadGenerator = "load generator";

function cpuTimes(processes: Record<string, number>): Record<string, number> {
  const { user, system } = process.cpuUsage();
  return {
    ...Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuTimeUs(pid)])),
    [loadGenerator]: user + system,
  };
}

async function hammer(url: string, cookie: string, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, headers: { cookie, accept: "application/json" } });
}

export async function measureHotPaths(
  targets: Target[],
  cookie: string,
  { connections, seconds, rounds }: { connections: number; seconds: number; rounds: number },
  processes: Record<string, number>,
): Promise<RoundResult[]> {
  // A short warm-up per target: connection pools, JIT, Kratos' caches.
  for (const target of targets) await hammer(target.url, cookie, connections, 2);
  const results: RoundResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      const before = cpuTimes(processes);
      const result = await hammer(target.url, cookie, connections, seconds);
      const after = cpuTimes(processes);
      const requests = result.requests.total;
      results.push({
        target: target.name,
        requests,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        cpuUsPerRequest: Object.fromEntries(Object.keys(after).map((name) => [name, (after[name] - before[name]) / requests])),
      });
    }
  }
  return results;
}

/**
 * A bare Node proxy in front of Kratos (bare-proxy.mjs) on the given Node with the image's options: the floor that
 * the portal's proxy figures compare with.
 */
export async function startFloor(stack: TestStack, node: string): Promise<{ target: Target; pid: number }> {
  const port = await freePort();
  stack.supervisor.start("bare-proxy", node, [
    ...imageCommand().nodeOptions,
    join(import.meta.dirname, "bare-proxy.mjs"),
    String(port),
    stack.publicUrl,
  ]);
  await stack.supervisor.waitFor("bare-proxy", `http://127.0.0.1:${port}/health/alive`, "the bare proxy", 10_000);
  const pid = stack.supervisor.pid("bare-proxy");
  if (pid === undefined) throw new Error("the bare proxy has no process to measure");
  return { target: { name: "whoami through a bare proxy", url: `http://127.0.0.1:${port}/sessions/whoami` }, pid };
}
