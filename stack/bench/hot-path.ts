// Requests per second and latency of the hot paths with a signed-in session:
// Kratos' whoami straight on its own port, the same through the portal's
// /kratos proxy, and the portal's /api/session (one whoami behind it). The
// three are measured in interleaved rounds, so that each ratio compares runs
// made moments apart on the same noisy machine.
import autocannon from "autocannon";

export interface Target {
  name: string;
  url: string;
}

export interface RoundResult {
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function hammer(url: string, cookie: string, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, headers: { cookie, accept: "application/json" } });
}

export async function measureHotPaths(
  targets: Target[],
  cookie: string,
  { connections, seconds, rounds }: { connections: number; seconds: number; rounds: number },
  onRound?: () => void,
): Promise<RoundResult[]> {
  // A short warm-up per target: connection pools, JIT, Kratos' caches.
  for (const target of targets) await hammer(target.url, cookie, connections, 2);
  const results: RoundResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      const result = await hammer(target.url, cookie, connections, seconds);
      results.push({
        target: target.name,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
      onRound?.();
    }
  }
  return results;
}
