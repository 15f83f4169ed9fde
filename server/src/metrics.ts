// What an operator watches: the portal's metrics in Prometheus' format. They
// are recorded in every portal (plugins/metrics.ts records requests, refusals
// and flows; upstream/call.ts the calls to Kratos and Hydra) and
// served only by a server of their own on METRICS_PORT, which the public
// port never answers for: the figures tell an attacker how close a limit is.
//
// No label carries an address, an identifier, an id or a URL: routes are
// their patterns (/kratos/sessions/:id), upstream calls are counted by
// service and outcome only, refusals by rule.
import Fastify, { type FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** How a call to Kratos or Hydra ended: an answer by its class, or none (timed out, or not reached at all). */
export type UpstreamOutcome = "success" | "client_error" | "server_error" | "timeout" | "unreachable";

/** Stops the timer of one upstream call, naming how it ended. */
export type UpstreamTimer = (outcome: UpstreamOutcome) => void;

export interface PortalMetrics {
  registry: Registry;
  requests: Histogram<"method" | "route" | "status_code">;
  upstream: Histogram<"upstream" | "outcome">;
  limitRefusals: Counter<"rule">;
  flowsStarted: Counter<"flow">;
  /** Starts timing a call to Kratos or Hydra. */
  upstreamTimer(upstream: "kratos" | "hydra"): UpstreamTimer;
  /** Reports whether the limits count in this process because their Redis is unreachable. */
  watchLimitStore(inFallback: () => boolean): void;
}

/** From a static file served from memory to a call that waits for Kratos' 10 s timeout. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): PortalMetrics {
  const registry = new Registry();
  const upstream = new Histogram({
    name: "portal_upstream_request_duration_seconds",
    help: "Calls to Kratos and Hydra (the server's own and the /kratos proxy's), by how they ended.",
    labelNames: ["upstream", "outcome"] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  let limitStoreInFallback = () => false;
  new Gauge({
    name: "portal_limit_store_fallback",
    help: "1 while the abuse limits count in this process because their Redis (RATE_LIMIT_REDIS_URL) is unreachable.",
    registers: [registry],
    collect() {
      this.set(limitStoreInFallback() ? 1 : 0);
    },
  });
  return {
    registry,
    requests: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Requests the portal answered, by route pattern and status (its _count is the number of requests).",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: latencyBuckets,
      registers: [registry],
    }),
    upstream,
    limitRefusals: new Counter({
      name: "portal_abuse_limit_refusals_total",
      help: "Requests refused with 429 by an abuse limit, by rule (LIMIT_*).",
      labelNames: ["rule"] as const,
      registers: [registry],
    }),
    flowsStarted: new Counter({
      name: "portal_flows_started_total",
      help: "Kratos browser flows started through the portal, by kind.",
      labelNames: ["flow"] as const,
      registers: [registry],
    }),
    upstreamTimer(name) {
      const end = upstream.startTimer({ upstream: name });
      return (outcome) => end({ outcome });
    },
    watchLimitStore(inFallback) {
      limitStoreInFallback = inFallback;
    },
  };
}

/** The outcome of an upstream answer by its status; undefined when no answer came. */
export function outcomeOf(status: number | undefined, timedOut: boolean): UpstreamOutcome {
  if (status === undefined) return timedOut ? "timeout" : "unreachable";
  if (status >= 500) return "server_error";
  return status >= 400 ? "client_error" : "success";
}

/**
 * The server of METRICS_PORT: GET /metrics and nothing else. Node's own
 * figures (memory, event-loop lag, garbage collection) are collected only
 * here, where someone reads them.
 */
export function metricsServer(metrics: PortalMetrics): FastifyInstance {
  collectDefaultMetrics({ register: metrics.registry });
  const server = Fastify({ logger: false });
  server.get("/metrics", async (_request, reply) =>
    reply
      .type(metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(await metrics.registry.metrics()),
  );
  return server;
}
