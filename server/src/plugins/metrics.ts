// Records what every request did into the portal's metrics (metrics.ts, which
// serves them on METRICS_PORT only): its route pattern, status and latency,
// and the abuse limit that refused it.
import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import type { PortalMetrics } from "../metrics.js";

declare module "fastify" {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/** A request no route takes (a method other than GET on an address of no API): the not-found handler's 404. */
const unrouted = "(unrouted)";

export default fp<{ metrics: PortalMetrics }>(
  async (fastify, { metrics }) => {
    fastify.decorate("metrics", metrics);

    fastify.addHook("onResponse", async (request, reply) => {
      metrics.requests.observe(
        { method: request.method, route: request.routeOptions.url ?? unrouted, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    // A limit's 429 names its rule (plugins/abuse-limits/rules.ts); one that does not is still counted.
    fastify.addHook("onError", async (_request, _reply, error: FastifyError & { rule?: unknown }) => {
      if (error.statusCode !== 429) return;
      metrics.limitRefusals.inc({ rule: typeof error.rule === "string" ? error.rule : "unattributed" });
    });
  },
  { name: "metrics" },
);
