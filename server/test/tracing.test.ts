// Traces for operators (server/src/tracing.ts), from the server as the image
// runs it: bundled by server/build.ts into a folder of this test and started
// as a process with OTEL_EXPORTER_OTLP_ENDPOINT at a small OTLP/HTTP receiver
// here. Kratos' public API and Hydra's admin API sit behind relays that record
// the traceparent each call brings, so that the trace a sign-in leaves can be
// followed from the portal's span into the call Kratos received.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as forward, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import t from "tap";
import { HttpBrowser } from "../../testing/http-browser.js";
import { createIdentity } from "../../testing/identities.js";
import { freePort, Supervisor } from "../../stack/supervisor.js";
import { rootDir } from "../../stack/settings.js";
import { fakeWebRoot } from "./helpers/build.js";
import { useHydra } from "./helpers/hydra.js";

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpRequest {
  resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/** A span as the collector received it, its attributes as plain values. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean | undefined>;
  service: string | undefined;
}
const serverKind = 2;
const clientKind = 3;

const valueOf = (value: OtlpValue) => value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue));

/** Listens on a port the system picks (no other process can take it in between); the server's URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.teardown(() => {
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      resolve(body);
    });
  });

/** An OTLP/HTTP collector (JSON, as OpenTelemetry's exporter-trace-otlp-http sends it) that keeps every span. */
async function otlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[] }> {
  const spans: ReceivedSpan[] = [];
  const url = await listen(
    createServer((request, response) => {
      void bodyOf(request).then((body) => {
        if (request.method !== "POST" || request.url !== "/v1/traces") {
          response.writeHead(404).end();
          return;
        }
        for (const { resource, scopeSpans } of (JSON.parse(body) as OtlpRequest).resourceSpans) {
          const service = resource.attributes.find(({ key }) => key === "service.name")?.value.stringValue;
          for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, valueOf(value)])),
              service,
            });
          }
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    }),
  );
  return { url, spans };
}

/** A relay in front of an upstream that records each call's method, path (without its query) and traceparent. */
async function tracingRelay(upstream: string): Promise<{ url: string; calls: { method: string; path: string; traceparent?: string }[] }> {
  const calls: { method: string; path: string; traceparent?: string }[] = [];
  const target = new URL(upstream);
  const url = await listen(
    createServer((request, response) => {
      const traceparent = request.headers.traceparent;
      calls.push({
        method: request.method ?? "",
        path: (request.url ?? "").split("?")[0],
        traceparent: typeof traceparent === "string" ? traceparent : undefined,
      });
      const outgoing = forward(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: target.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      outgoing.on("error", () => response.writeHead(502).end());
      request.pipe(outgoing);
    }),
  );
  return { url, calls };
}

const hydra = await useHydra(t);
const bundle = mkdtempSync(join(tmpdir(), "portal-bundle-"));
t.teardown(() => {
  rmSync(bundle, { recursive: true, force: true });
});
await promisify(execFile)(process.execPath, ["--import", "tsx", join(rootDir, "server", "build.ts"), bundle], { cwd: rootDir });

const collector = await otlpReceiver();
const kratosRelay = await tracingRelay(hydra.env.KRATOS_PUBLIC_URL ?? "");
const hydraRelay = await tracingRelay(hydra.adminUrl);
const supervisor = new Supervisor({ echo: false });
t.teardown(() => supervisor.stopAll());

/** The bundled portal, sending its spans to `collectorUrl` and tracing this share of the requests; its URL. */
async function startPortal(label: string, collectorUrl: string, sampleRatio: string, kratosPublicUrl: string): Promise<string> {
  const port = await freePort();
  const stateDir = mkdtempSync(join(tmpdir(), "portal-state-"));
  t.teardown(() => {
    rmSync(stateDir, { recursive: true, force: true });
  });
  supervisor.start(label, process.execPath, [join(bundle, "server.mjs")], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      ALTCHA_HMAC_KEY: "a".repeat(64),
      ...hydra.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      KRATOS_PUBLIC_URL: kratosPublicUrl,
      HYDRA_ADMIN_URL: hydraRelay.url,
      WEB_ROOT: fakeWebRoot(t),
      PORTAL_STATE_DIR: stateDir,
      LOG_LEVEL: "warn",
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      // The batch goes out after 100 ms instead of 5 s.
      OTEL_BSP_SCHEDULE_DELAY: "100",
      OTEL_TRACES_SAMPLER_ARG: sampleRatio,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await supervisor.waitFor(label, `${url}/healthz`, "the bundled portal", 30_000);
  } catch (error) {
    t.comment(supervisor.recentOutput());
    throw error;
  }
  return url;
}

// Every request traced (the default is one in ten), so that each request this test makes has its trace.
const portal = await startPortal("portal", collector.url, "1", kratosRelay.url);

const identity = await createIdentity(hydra.kratosAdminUrl);
const browser = new HttpBrowser(hydra.env.PORTAL_ORIGIN ?? "");
const signedIn = await browser.json(`${portal}/kratos/self-service/login/browser`);
const flow = signedIn.body as { id: string; ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } };
const csrf = flow.ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes.value;
const login = await browser.json(`${portal}/kratos/self-service/login?flow=${flow.id}`, {
  method: "POST",
  json: { method: "password", identifier: identity.email, password: identity.password, csrf_token: csrf },
});
const session = await browser.json(`${portal}/api/session`);
const consents = await browser.json(`${portal}/api/oauth2/consents`);
// A browser's own trace context, unsampled: it must neither choose the trace nor keep the request out of it.
const foreignTrace = "0af7651916cd43dd8448eb211c80319c";
const foreign = await fetch(`${portal}/api/session`, { headers: { traceparent: `00-${foreignTrace}-b7ad6b7169203331-00` } });
const probes = [await fetch(`${portal}/healthz`), await fetch(`${portal}/readyz`)];
const whoamis = 20;
const whoami: Awaited<ReturnType<HttpBrowser["json"]>>[] = [];
for (let i = 0; i < whoamis; i++) whoami.push(await browser.json(`${portal}/kratos/sessions/whoami`));

/** The server span of the request, and the client span under it of its call to an upstream. */
async function traced(request: string, call: string): Promise<{ request: ReceivedSpan; call: ReceivedSpan }> {
  let found: { request: ReceivedSpan; call: ReceivedSpan } | undefined;
  await supervisor.waitUntil(
    "test",
    `the spans of ${request}`,
    async () => {
      for (const server of collector.spans.filter((span) => span.name === request && span.kind === serverKind)) {
        const client = collector.spans.find((span) => span.name === call && span.kind === clientKind && span.traceId === server.traceId);
        if (client) found = { request: server, call: client };
      }
      return found ? true : `${collector.spans.length} spans so far`;
    },
    15_000,
  );
  if (!found) throw new Error(`no ${call} under ${request}`);
  return found;
}

/** The ancestors of a span within its trace, nearest first. */
function ancestors(span: ReceivedSpan): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  for (let parent = span.parentSpanId; parent !== undefined;) {
    const found = collector.spans.find((candidate) => candidate.spanId === parent && candidate.traceId === span.traceId);
    if (!found) break;
    chain.push(found);
    parent = found.parentSpanId;
  }
  return chain;
}

t.test("one sign-in: a trace whose spans include the proxy's call to Kratos, and Kratos received its traceparent", async (t) => {
  t.equal(login.status, 200, "signed in through the portal's /kratos proxy");
  const { request, call } = await traced("POST /kratos/self-service/login", "POST kratos");
  t.equal(request.parentSpanId, undefined, "the request's span starts the trace");
  t.ok(
    ancestors(call).some((span) => span.spanId === request.spanId),
    "the call to Kratos is a child of the request's span",
  );
  t.match(call.attributes, { "portal.upstream": "kratos", "http.request.method": "POST", "http.response.status_code": 200 });
  t.match(request.attributes, { "http.route": "/kratos/self-service/login", "http.response.status_code": 200 });
  t.equal(request.service, "account-portal");
  t.ok(
    kratosRelay.calls.some(
      (received) =>
        received.method === "POST" &&
        received.path === "/self-service/login" &&
        received.traceparent === `00-${call.traceId}-${call.spanId}-01`,
    ),
    "Kratos got W3C traceparent: this trace, the call's span",
  );
});

t.test("the SDK's calls to Kratos and Hydra are child spans too, with their traceparent", async (t) => {
  t.equal(session.status, 200);
  t.equal(consents.status, 200);
  for (const [route, call, relay, path] of [
    ["GET /api/session", "GET kratos", kratosRelay, "/sessions/whoami"],
    ["GET /api/oauth2/consents", "GET hydra", hydraRelay, "/admin/oauth2/auth/sessions/consent"],
  ] as const) {
    const spans = await traced(route, call);
    t.ok(
      ancestors(spans.call).some((span) => span.spanId === spans.request.spanId),
      `${route}: ${call} under the request's span`,
    );
    t.ok(
      relay.calls.some((received) => received.path === path && received.traceparent === `00-${spans.call.traceId}-${spans.call.spanId}-01`),
      `${route}: the upstream got its traceparent`,
    );
  }
});

t.test("a browser's traceparent is not believed: the request is traced, in a trace of the portal's", async (t) => {
  t.equal(foreign.status, 401, "no session, as expected");
  await supervisor.waitUntil(
    "test",
    "the spans of the request with a foreign traceparent",
    async () => (collector.spans.filter((span) => span.name === "GET /api/session").length >= 2 ? true : "not yet"),
    15_000,
  );
  t.notOk(
    collector.spans.some((span) => span.traceId === foreignTrace),
    "no span in the browser's trace",
  );
});

t.test("no personal data leaves in a span: no URL, query, address, cookie or user agent", async (t) => {
  t.ok(collector.spans.length > 5);
  const allowed = new Set([
    "http.request.method",
    "http.response.status_code",
    "http.route",
    "url.scheme",
    "server.address",
    "server.port",
    "network.protocol.version",
    "error.type",
    "portal.upstream",
  ]);
  const cookie = (await browser.jar.getCookies(portal)).map(({ value }) => value);
  for (const span of collector.spans) {
    t.same(
      Object.keys(span.attributes).filter((key) => !allowed.has(key)),
      [],
      `${span.name}: only the listed attributes`,
    );
    const text = JSON.stringify(span);
    for (const secret of [identity.email, identity.password, identity.id, flow.id, "ory_kratos_session", ...cookie]) {
      t.notOk(text.includes(secret), `${span.name}: nothing of the user's`);
    }
    t.notMatch(text, /\?/, `${span.name}: no query`);
  }
});

t.test("with a ratio of 1, every request has its span, and its call to Kratos under it", async (t) => {
  t.same(
    whoami.map(({ status }) => status),
    Array<number>(whoamis).fill(200),
  );
  const name = "GET /kratos/sessions/whoami";
  await supervisor.waitUntil(
    "test",
    `the spans of ${whoamis} whoami requests`,
    async () => {
      const requests = collector.spans.filter((span) => span.name === name && span.kind === serverKind);
      const calls = requests.filter((request) =>
        collector.spans.some((span) => span.name === "GET kratos" && span.parentSpanId === request.spanId),
      );
      return calls.length >= whoamis ? true : `${calls.length} so far`;
    },
    15_000,
  );
  const requests = collector.spans.filter((span) => span.name === name && span.kind === serverKind);
  t.equal(requests.length, whoamis, "one span per request");
  t.equal(new Set(requests.map(({ traceId }) => traceId)).size, whoamis, "each in a trace of its own");
  t.match(requests[0].attributes, {
    "http.request.method": "GET",
    "http.route": "/kratos/sessions/whoami",
    "http.response.status_code": 200,
    "url.scheme": "http",
    "network.protocol.version": "1.1",
  });
});

t.test("the probes are not traced", async (t) => {
  t.same(
    probes.map(({ status }) => status),
    [200, 200],
  );
  t.notOk(
    collector.spans.some((span) => /\/(healthz|readyz)/.test(span.name) || span.attributes["http.route"] === "/healthz"),
    "no span of /healthz or /readyz",
  );
});

t.test("with a ratio of 0, no request is traced, and no call carries a traceparent", async (t) => {
  const quiet = await otlpReceiver();
  const relay = await tracingRelay(hydra.env.KRATOS_PUBLIC_URL ?? "");
  const untraced = await startPortal("untraced portal", quiet.url, "0", relay.url);
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    statuses.push((await browser.json(`${untraced}/kratos/sessions/whoami`)).status);
    statuses.push((await browser.json(`${untraced}/api/session`)).status);
  }
  t.same(statuses, Array<number>(20).fill(200));
  // Closing sends what the batch holds.
  await supervisor.stop("untraced portal");
  t.same(quiet.spans, [], "no span reached the collector");
  const calls = relay.calls.filter(({ path }) => path === "/sessions/whoami");
  t.ok(calls.length >= 10, "Kratos got the calls");
  t.same(
    calls.filter(({ traceparent }) => traceparent !== undefined),
    [],
    "none with a traceparent",
  );
});
