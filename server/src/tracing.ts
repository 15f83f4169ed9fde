// Traces for operators: OpenTelemetry, sent over OTLP/HTTP to the collector of
// OTEL_EXPORTER_OTLP_ENDPOINT. serve.ts imports this module only when that
// variable is set, so a portal without it loads none of it (in the image it is
// a bundle of its own, server/dist/tracing.mjs: server/build.ts).
//
// A span per traced request (requestSpans() below, named by method and route
// pattern), and under it a span per call to Kratos or Hydra, the SDK's
// (upstream/call.ts) and the /kratos proxy's alike: both go out on undici,
// whose diagnostics channels OpenTelemetry's undici instrumentation listens
// to, and which adds W3C traceparent to each call. What leaves the process is
// scrubbed (scrubbed() below): no URL (a query can hold an address, a flow id,
// a challenge), no user agent, no error message; only the attributes listed.
import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
} from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";
import type { PortalConfig, TracingConfig } from "./config.js";

/**
 * W3C trace context on the way out only. The public port's callers are browsers: a traceparent of theirs would
 * choose the trace and, unsampled, hide their requests from it; each request starts a trace of its own.
 */
class OutgoingTraceContext implements TextMapPropagator {
  private readonly w3c = new W3CTraceContextPropagator();

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    this.w3c.inject(context, carrier, setter);
  }

  extract(context: Context): Context {
    return context;
  }

  fields(): string[] {
    return this.w3c.fields();
  }
}

/** The attributes a span may carry out of the process: none of them holds what a request chose but its method. */
const keptAttributes = new Set([
  "http.request.method",
  "http.response.status_code",
  // The route's pattern (/kratos/sessions/:id), never the path.
  "http.route",
  "url.scheme",
  // A call's upstream (Kratos', Hydra's host and port); the request's span has none.
  "server.address",
  "server.port",
  "network.protocol.version",
  "error.type",
  "portal.upstream",
]);

/** A span as it may leave: the kept attributes, a status without its message, exceptions by type only. */
export function scrubbed(span: ReadableSpan): ReadableSpan {
  const keep = (attributes: ReadableSpan["attributes"], names: Set<string>) =>
    Object.fromEntries(Object.entries(attributes).filter(([name]) => names.has(name)));
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: { code: span.status.code },
    attributes: keep(span.attributes, keptAttributes),
    links: [],
    events: span.events.map((event) => ({ ...event, attributes: keep(event.attributes ?? {}, new Set(["exception.type"])) })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount + span.links.length,
  };
}

/** Hands each ended span on scrubbed. */
class ScrubbingProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, context: Context): void {
    this.next.onStart(span, context);
  }

  onEnd(span: ReadableSpan): void {
    this.next.onEnd(scrubbed(span));
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

/** The probes, every few seconds from Kubernetes, would be most of the traces. */
const unTraced = new Set(["/healthz", "/readyz"]);

/**
 * A SERVER span for each traced request, the rest of the request run in its context (so that the calls it makes
 * upstream are its children). Which requests: a share of `sampleRatio`, chosen before anything else, so that a
 * request left out draws no ids, makes no span and runs outside any context; a span started for every request and
 * dropped when unsampled (@fastify/otel's way) cost 14–19 µs of CPU per request, against 3 µs now
 * (docs/benchmarks.md#traces-for-sampled-requests-only-issue-49-28-november). With OTEL_TRACES_SAMPLER (`sampleRatio`
 * undefined) the SDK's sampler chooses, on a span started for every request.
 */
function requestSpans(tracer: Tracer, sampleRatio: number | undefined): FastifyPluginCallback {
  return fp(
    (server, _options, done) => {
      server.addHook("onRequest", (request, reply, next) => {
        if (sampleRatio !== undefined && Math.random() >= sampleRatio) {
          next();
          return;
        }
        const route = request.routeOptions.url;
        if (route !== undefined && unTraced.has(route)) {
          next();
          return;
        }
        const attributes: Attributes = {
          "http.request.method": request.method,
          "url.scheme": request.protocol,
          "network.protocol.version": request.raw.httpVersion,
        };
        if (route !== undefined) attributes["http.route"] = route;
        const span = tracer.startSpan(`${request.method} ${route ?? "(unrouted)"}`, { kind: SpanKind.SERVER, attributes }, ROOT_CONTEXT);
        if (!span.isRecording()) {
          next();
          return;
        }
        // Once the answer is sent, or the connection lost before.
        reply.raw.once("close", () => {
          const status = reply.raw.statusCode;
          span.setAttribute("http.response.status_code", status);
          if (status >= 500) {
            span.setAttribute("error.type", String(status));
            span.setStatus({ code: SpanStatusCode.ERROR });
          }
          span.end();
        });
        context.with(trace.setSpan(ROOT_CONTEXT, span), next);
      });
      done();
    },
    { name: "portal-tracing" },
  );
}

export interface Tracing {
  /** Registered on the public server before anything else: a span per traced request. */
  plugin: FastifyPluginCallback;
  /** Sends what is left and stops. */
  shutdown(): Promise<void>;
}

export function startTracing(config: PortalConfig, tracing: TracingConfig): Tracing {
  const upstreams = new Map([
    [new URL(config.kratosPublicUrl).origin, "kratos"],
    [new URL(config.kratosAdminUrl).origin, "kratos"],
    [new URL(config.hydraAdminUrl).origin, "hydra"],
  ]);
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the default name.
    // With a ratio, requestSpans() has chosen the request before its span starts, and a call upstream follows its
    // request. OTEL_TRACES_SAMPLER, where set, chooses instead, as OpenTelemetry's specification says.
    ...(tracing.sampleRatio === undefined ? {} : { sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }) }),
    resource: resourceFromAttributes({ "service.name": "account-portal" }).merge(detectResources({ detectors: [envDetector] })),
    // The traces' path under the collector's base URL, as OpenTelemetry's specification adds it; the exporter reads
    // the other OTEL_EXPORTER_OTLP_* variables (headers, timeout, compression) itself, the batch OTEL_BSP_*.
    spanProcessors: [
      new ScrubbingProcessor(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${tracing.endpoint.replace(/\/$/, "")}/v1/traces` }))),
    ],
  });
  provider.register({ propagator: new OutgoingTraceContext() });

  const undici = new UndiciInstrumentation({
    // A call made for a request left out of the traces is left alone: the instrumentation would otherwise parse its
    // URL, read its headers and make a span that records nothing, on every proxied request. Kratos and Hydra then
    // choose by their own settings whether to trace it.
    ignoreRequestHook: () => trace.getSpan(context.active())?.isRecording() !== true,
    requestHook: (span, request) => {
      const upstream = upstreams.get(request.origin);
      span.updateName(`${request.method} ${upstream ?? "upstream"}`);
      if (upstream) span.setAttribute("portal.upstream", upstream);
    },
  });
  undici.setTracerProvider(provider);

  return {
    plugin: requestSpans(provider.getTracer("account-portal"), tracing.sampleRatio),
    shutdown: async () => {
      undici.disable();
      await provider.shutdown();
    },
  };
}
