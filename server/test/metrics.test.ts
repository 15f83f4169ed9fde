// The metrics as Prometheus scrapes them from the server of METRICS_PORT,
// while the portal answers requests against the real Kratos and Hydra: the
// figures move with what the portal did, no label names a person, an address
// or an id, and the public port never serves them.
import { createServer } from "node:net";
import t, { type Test } from "tap";
import { createIdentity, uniqueEmail } from "../../testing/identities.js";
import { startRedis } from "../../stack/redis.js";
import { Supervisor } from "../../stack/supervisor.js";
import { createMetrics, metricsServer, type PortalMetrics } from "../src/metrics.js";
import { build, LogLines, type BuildOptions, type Env } from "./helpers/build.js";
import { Browser } from "./helpers/browser.js";
import { useHydra } from "./helpers/hydra.js";

// Hydra's stack holds the Kratos beside it.
const hydra = await useHydra(t);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, as far as prom-client writes it: `name{label="value",…} number`. */
function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/**
 * A portal with its metrics, and the server of METRICS_PORT that serves them. Its limits refuse at once:
 * the proof-of-work check before them is off, as it has no metrics of its own.
 */
async function portal(t: Test, env: Env = {}, options: BuildOptions = {}) {
  const metrics: PortalMetrics = createMetrics();
  const app = await build(t, { ...hydra.env, TRUST_PROXY: "127.0.0.1", CHALLENGE_FROM: "off", ...env }, undefined, {
    ...options,
    metrics,
  });
  const server = metricsServer(metrics);
  t.teardown(() => server.close());
  const scrape = async () => {
    const answer = await server.inject("/metrics");
    t.equal(answer.statusCode, 200, "the metrics port answers /metrics");
    return { text: answer.body, samples: parse(answer.body) };
  };
  /** The value of one sample (0 when it is not there yet); labels not named match any. */
  const value = async (name: string, labels: Record<string, string> = {}) =>
    (await scrape()).samples
      .filter((sample) => sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted))
      .reduce((sum, sample) => sum + sample.value, 0);
  return { app, server, scrape, value };
}

/** A port nothing listens on: Kratos as a portal sees it when Kratos is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const requests = "portal_http_request_duration_seconds_count";
const upstream = "portal_upstream_request_duration_seconds_count";

t.test("the public port never serves the metrics; the metrics port serves nothing else", async (t) => {
  const { app, server, scrape } = await portal(t);
  const publicAnswer = await app.inject("/metrics");
  t.notMatch(publicAnswer.headers["content-type"], /^text\/plain/, "the public port answers /metrics with the app page, not the figures");
  t.notMatch(publicAnswer.body, /portal_http_request_duration_seconds/);
  const { text } = await scrape();
  t.match(text, /^# TYPE portal_http_request_duration_seconds histogram$/m);
  t.equal((await server.inject("/")).statusCode, 404, "the metrics port has no other page");
  t.equal((await server.inject("/healthz")).statusCode, 404);
});

t.test("requests are counted by route pattern and status, with their latency", async (t) => {
  const { app, value } = await portal(t);
  const session = { method: "GET", route: "/api/session", status_code: "401" };
  t.equal(await value(requests, session), 0);
  t.equal((await app.inject("/api/session")).statusCode, 401);
  t.equal((await app.inject("/api/session")).statusCode, 401);
  t.equal(await value(requests, session), 2, "two requests, by pattern and status");
  t.equal(await value("portal_http_request_duration_seconds_bucket", { ...session, le: "+Inf" }), 2, "in the latency histogram");

  const id = "7d7a3d5c-8f0e-4b4e-9b43-6a3f6c0e5f21";
  const deleted = await app.inject({ method: "DELETE", url: `/kratos/sessions/${id}` });
  t.equal(
    await value(requests, { method: "DELETE", route: "/kratos/sessions/:id", status_code: String(deleted.statusCode) }),
    1,
    "the id is not in the label: the pattern is",
  );
  t.equal((await app.inject("/no-such-file.txt")).statusCode, 404);
  t.equal(
    await value(requests, { method: "GET", route: "/*", status_code: "404" }),
    1,
    "an address no other route has is the app's pages' route, a 404 where it names a file",
  );
  t.equal((await app.inject({ method: "POST", url: "/no-such-page" })).statusCode, 404);
  t.equal(
    await value(requests, { method: "POST", route: "(unrouted)", status_code: "404" }),
    1,
    "a request no route takes counts under one name",
  );
});

t.test("calls to Kratos and Hydra are timed by outcome", async (t) => {
  const { app, value } = await portal(t);
  const kratosBefore = await value(upstream, { upstream: "kratos" });
  const stale = { cookie: "ory_kratos_session=ended-long-ago" };
  t.equal((await app.inject({ url: "/api/session", headers: stale })).statusCode, 401);
  t.equal(await value(upstream, { upstream: "kratos", outcome: "client_error" }), 1, "whoami of an unknown session: Kratos' 401");
  t.equal((await app.inject("/readyz")).statusCode, 200);
  t.equal((await app.inject({ url: "/kratos/sessions/whoami", headers: { accept: "application/json", ...stale } })).statusCode, 401);
  t.equal(await value(upstream, { upstream: "kratos" }), kratosBefore + 3, "the server's own calls and the proxy's");
  t.equal(await value("portal_upstream_request_duration_seconds_bucket", { upstream: "kratos", le: "+Inf" }), kratosBefore + 3, "timed");

  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(app);
  t.equal((await browser.signIn(user.email, user.password)).statusCode, 200);
  t.equal(await value(upstream, { upstream: "hydra" }), 0);
  const apps = await app.inject({ url: "/api/oauth2/consents", headers: { cookie: browser.cookieHeader() } });
  t.equal(apps.statusCode, 200, "the connected apps, from Hydra");
  t.equal(await value(upstream, { upstream: "hydra", outcome: "success" }), 1, "Hydra's admin API answered once");
});

t.test("Kratos down: the failed calls are counted as unreachable", async (t) => {
  const { app, value } = await portal(t, { KRATOS_PUBLIC_URL: `http://127.0.0.1:${await closedPort()}` });
  t.equal((await app.inject("/readyz")).statusCode, 503);
  t.equal((await app.inject({ url: "/kratos/sessions/whoami", headers: { accept: "application/json" } })).statusCode, 503);
  t.equal(await value(upstream, { upstream: "kratos", outcome: "unreachable" }), 2, "the SDK's call and the proxy's");
  t.equal(await value(requests, { route: "/readyz", status_code: "503" }), 1);
});

t.test("refusals are counted by the limit that refused", async (t) => {
  const { app, value } = await portal(t, { LIMIT_API_IP: "1/1m", LIMIT_SIGN_IN_IP: "1/15m" });
  t.equal((await app.inject("/api/session")).statusCode, 401);
  t.equal((await app.inject("/api/session")).statusCode, 429);
  t.equal(await value("portal_abuse_limit_refusals_total", { rule: "api-ip" }), 1);

  const browser = new Browser(app, { headers: { "x-forwarded-for": "198.51.100.7" } });
  t.equal((await browser.signIn(uniqueEmail(), "wrong")).statusCode, 400, "a wrong sign-in");
  t.equal((await browser.signIn(uniqueEmail(), "wrong")).statusCode, 429, "the next from that IP is refused");
  t.equal(await value("portal_abuse_limit_refusals_total", { rule: "sign-in-ip" }), 1);
  t.equal(await value("portal_abuse_limit_refusals_total", { rule: "unattributed" }), 0, "every refusal names its rule");
});

t.test("flows started, by the browser through /kratos and by the sign-in page", async (t) => {
  const { app, value } = await portal(t);
  const browser = new Browser(app);
  await browser.startFlow("login");
  await browser.startFlow("registration");
  t.equal(await value("portal_flows_started_total", { flow: "login" }), 1);
  t.equal(await value("portal_flows_started_total", { flow: "registration" }), 1);
  t.equal((await app.inject("/login")).statusCode, 200);
  t.equal(await value("portal_flows_started_total", { flow: "login" }), 2, "the page arrives with a flow the server started");

  const html = { accept: "text/html" };
  const started = await app.inject({ url: "/kratos/self-service/recovery/browser", headers: html });
  t.equal(started.statusCode, 303);
  t.match(started.headers.location, /\/recovery\?flow=/, "a form's start: Kratos sends the browser to the flow's page");
  t.equal(await value("portal_flows_started_total", { flow: "recovery" }), 1);

  const user = await createIdentity(hydra.kratosAdminUrl);
  t.equal((await browser.signIn(user.email, user.password)).statusCode, 200);
  const again = await app.inject({
    url: "/kratos/self-service/registration/browser",
    headers: { ...html, cookie: browser.cookieHeader() },
  });
  t.equal(again.statusCode, 303);
  t.notMatch(again.headers.location, /flow=/, "signed in already: Kratos sends the browser back, without a flow");
  t.equal(await value("portal_flows_started_total", { flow: "registration" }), 1, "and no flow is counted");
});

t.test("no label carries an address, an identifier or an id", async (t) => {
  const { app, scrape } = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "1/15m" });
  const ip = "203.0.113.77";
  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(app, { headers: { "x-forwarded-for": ip } });
  const flow = await browser.startFlow("login");
  await browser.submit("login", flow, { method: "password", identifier: user.email, password: "wrong" });
  t.equal((await browser.signIn(user.email, "wrong again")).statusCode, 429);
  t.equal((await browser.signIn(user.email, user.password)).statusCode, 429);
  await app.inject(`/recovery?return_to=${encodeURIComponent(`https://example.org/${user.email}`)}`);
  await app.inject(`/kratos/self-service/login/flows?id=${flow.id}`);

  const { text, samples } = await scrape();
  for (const secret of [user.email, user.id, ip, flow.id, user.password]) t.notOk(text.includes(secret), "the metrics never name it");
  const values = samples.flatMap((sample) => Object.values(sample.labels));
  t.same(
    values.filter((label) => /[0-9a-f]{8}-[0-9a-f]{4}-|@|\d+\.\d+\.\d+\.\d+|\?/i.test(label)),
    [],
    "no label value looks like an id, an address or a query",
  );
});

t.test("process memory and event-loop lag", async (t) => {
  const { value } = await portal(t);
  t.ok((await value("process_resident_memory_bytes")) > 0);
  t.ok((await value("nodejs_eventloop_lag_seconds")) >= 0);
  t.ok((await value("nodejs_heap_size_used_bytes")) > 0);
});

t.test("whether the limits count in memory while their Redis is away", async (t) => {
  const supervisor = new Supervisor({ echo: false });
  const redis = await startRedis(supervisor);
  t.teardown(async () => {
    await supervisor.stopAll();
    redis.remove();
  });
  const logs = new LogLines();
  const { value } = await portal(t, { RATE_LIMIT_REDIS_URL: redis.url }, { logs });
  t.equal(await value("portal_limit_store_fallback"), 0, "Redis answers");
  await supervisor.stop("redis");
  await logs.until("Redis of the abuse limits is unreachable");
  t.equal(await value("portal_limit_store_fallback"), 1, "counting in this process");
  await redis.restart();
  await logs.until("Redis of the abuse limits is back");
  t.equal(await value("portal_limit_store_fallback"), 0, "back to Redis");
});
