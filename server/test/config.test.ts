import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import t from "tap";
import { serverOptions } from "../src/app.js";
import { ConfigError } from "#contract/env-values.js";
import { readConfig } from "../src/config.js";

t.test("defaults make a local portal", async (t) => {
  const config = readConfig({});
  t.equal(config.port, 3000);
  t.equal(config.origin, "http://localhost:3000");
  t.equal(config.kratosPublicUrl, "http://127.0.0.1:4433");
  t.equal(config.hydraAdminUrl, "http://127.0.0.1:4445");
  t.same(config.trustedProxies, [], "no proxy is trusted");
  t.equal(config.kratosNativeFlows, false);
  t.equal(config.logRequests, false);
  t.same(config.limits.signInAccount, { points: 10, duration: 900 }, "an account locks within 10 wrong passwords");
  t.equal(config.adminRequireAal2, true, "admin work needs a second factor unless turned off");
  t.equal(readConfig({ ADMIN_REQUIRE_AAL2: "false" }).adminRequireAal2, false);
  t.equal(config.rateLimitRedisUrl, undefined, "the limits count in memory unless a Redis is named");
  t.equal(
    readConfig({ RATE_LIMIT_REDIS_URL: "rediss://:pw@cache.internal:6380/2" }).rateLimitRedisUrl,
    "rediss://:pw@cache.internal:6380/2",
  );
});

t.test("the metrics are served only when METRICS_PORT names a port, on HOST unless METRICS_HOST says otherwise", async (t) => {
  t.equal(readConfig({}).metrics, undefined, "off by default");
  t.same(readConfig({ METRICS_PORT: "9464" }).metrics, { host: "127.0.0.1", port: 9464 });
  t.same(readConfig({ METRICS_PORT: "9464", HOST: "0.0.0.0" }).metrics, { host: "0.0.0.0", port: 9464 });
  t.same(readConfig({ METRICS_PORT: "9464", HOST: "0.0.0.0", METRICS_HOST: "10.0.0.7" }).metrics, { host: "10.0.0.7", port: 9464 });
});

t.test("Kratos' hooks are served only when INTERNAL_PORT names a port, on HOST unless INTERNAL_HOST says otherwise", async (t) => {
  t.equal(readConfig({}).internal, undefined, "nowhere by default");
  t.same(readConfig({ INTERNAL_PORT: "8081" }).internal, { host: "127.0.0.1", port: 8081 });
  t.same(readConfig({ INTERNAL_PORT: "8081", HOST: "0.0.0.0" }).internal, { host: "0.0.0.0", port: 8081 });
  t.same(readConfig({ INTERNAL_PORT: "8081", HOST: "0.0.0.0", INTERNAL_HOST: "10.0.0.7" }).internal, { host: "10.0.0.7", port: 8081 });
});

t.test("the audit trail is kept a year unless AUDIT_RETENTION says otherwise; the portal's mails per address 10 an hour", async (t) => {
  t.equal(readConfig({}).state.auditRetention, 365 * 86_400);
  t.equal(readConfig({ AUDIT_RETENTION: "730d" }).state.auditRetention, 730 * 86_400);
  t.same(readConfig({}).limits.portalMailAddress, { points: 10, duration: 3600 });
});

t.test("TRUST_PROXY names the proxies; true is refused with what to set instead", async (t) => {
  t.same(readConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback" }).trustedProxies, [
    "10.0.0.5",
    "10.1.0.0/16",
    "::1",
    "fd00::/8",
    "loopback",
  ]);
  t.same(readConfig({ TRUST_PROXY: "false" }).trustedProxies, []);
  t.throws(() => readConfig({ TRUST_PROXY: "true" }), {
    message: /^TRUST_PROXY takes the addresses or CIDR ranges of your reverse proxies, comma-separated \(e\.g\. 10\.0\.0\.5/,
  });
  t.throws(() => readConfig({ TRUST_PROXY: "2" }), { message: /^TRUST_PROXY takes the addresses or CIDR ranges/ });
});

t.test("limits are a count per window", async (t) => {
  const { limits } = readConfig({ LIMIT_MAIL_ADDRESS: "3/1h", LIMIT_API_IP: "50/30s", LIMIT_SIGN_IN_IP: " 200/20m " });
  t.same(limits.mailAddress, { points: 3, duration: 3600 });
  t.same(limits.apiIp, { points: 50, duration: 30 });
  t.same(limits.signInIp, { points: 200, duration: 1200 });
});

t.test("the proof-of-work check starts past half of a limit unless CHALLENGE_FROM says otherwise", async (t) => {
  t.same(readConfig({}).proofOfWork, { hmacKey: undefined, from: 0.5, cost: 1000, maxNumber: 2000, noScriptWait: 5 });
  t.equal(readConfig({ CHALLENGE_FROM: "80%" }).proofOfWork.from, 0.8);
  t.equal(readConfig({ CHALLENGE_FROM: "off" }).proofOfWork.from, undefined, "off: straight to the limit");
  t.equal(readConfig({ NODE_ENV: "production", ALTCHA_HMAC_KEY: "k".repeat(64) }).proofOfWork.hmacKey, "k".repeat(64));
});

t.test("CSP_FORM_ACTION_ORIGINS takes origins", async (t) => {
  t.same(readConfig({ CSP_FORM_ACTION_ORIGINS: "https://auth.example.org, http://localhost:4444/" }).formActionOrigins, [
    "https://auth.example.org",
    "http://localhost:4444",
  ]);
});

t.test("no socket is held open for ever, and idle ones outlive a reverse proxy's", async (t) => {
  const config = readConfig({ UPSTREAM_TIMEOUT_MS: "4000" });
  const { requestTimeout, connectionTimeout, keepAliveTimeout } = serverOptions(config);
  t.ok(requestTimeout! > 0 && requestTimeout! <= 60_000, `a request arrives within ${requestTimeout} ms`);
  t.ok(connectionTimeout! >= 3 * config.upstreamTimeoutMs, "a request may wait on a few Kratos and Hydra calls in a row");
  t.ok(keepAliveTimeout! > 60_000, "longer than the 60 s idle timeout of nginx and AWS load balancers");
});

t.test("a bad value is refused with a message naming the variable", async (t) => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "http" }, /^PORT must be a port number/],
    [{ PORT: "70000" }, /^PORT must be a port number/],
    [{ PORTAL_ORIGIN: "localhost:3000" }, /^PORTAL_ORIGIN must use http or https/],
    [{ PORTAL_ORIGIN: "http://localhost:3000/account" }, /^PORTAL_ORIGIN must be an origin/],
    [{ KRATOS_PUBLIC_URL: "not a url" }, /^KRATOS_PUBLIC_URL must be an absolute http\(s\) URL/],
    [{ HYDRA_ADMIN_URL: "ftp://hydra:4445" }, /^HYDRA_ADMIN_URL must use http or https/],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL must be one of/],
    [{ REGISTRATION: "closed" }, /^REGISTRATION must be one of open, invite-only, got "closed"/],
    [{ TRUST_PROXY: "maybe" }, /^TRUST_PROXY must list IP addresses or CIDR ranges .*got "maybe"/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^TRUST_PROXY must list IP addresses or CIDR ranges/],
    [{ TRUST_PROXY: "10.0.0.5,127.1" }, /^TRUST_PROXY must list IP addresses or CIDR ranges .*got "127.1"/],
    [{ LOG_REQUESTS: "loud" }, /^LOG_REQUESTS must be true or false/],
    [{ KRATOS_NATIVE_FLOWS: "yes" }, /^KRATOS_NATIVE_FLOWS must be true or false/],
    [{ CSP_FORM_ACTION_ORIGINS: "https://auth.example.org/login" }, /^CSP_FORM_ACTION_ORIGINS must be an origin/],
    [{ LIMIT_SIGN_IN_ACCOUNT: "10" }, /^LIMIT_SIGN_IN_ACCOUNT must be a count per window such as 10\/15m/],
    [{ LIMIT_MAIL_IP: "0/15m" }, /^LIMIT_MAIL_IP must be a count per window/],
    [{ LIMIT_API_IP: "100/1d" }, /^LIMIT_API_IP must be a count per window/],
    [{ UPSTREAM_TIMEOUT_MS: "-5" }, /^UPSTREAM_TIMEOUT_MS must be a positive whole number/],
    [{ ADMIN_REQUIRE_AAL2: "no" }, /^ADMIN_REQUIRE_AAL2 must be true or false, got "no"/],
    [{ RATE_LIMIT_REDIS_URL: "http://redis:6379" }, /^RATE_LIMIT_REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL with a host/],
    [{ METRICS_PORT: "metrics" }, /^METRICS_PORT must be a port number/],
    [{ PORT: "3000", METRICS_PORT: "3000" }, /^METRICS_PORT must differ from PORT \(3000\)/],
    [{ PORT: "3000", INTERNAL_PORT: "3000" }, /^INTERNAL_PORT must differ from PORT \(3000\)/],
    [{ METRICS_PORT: "9464", INTERNAL_PORT: "9464" }, /^INTERNAL_PORT must differ from METRICS_PORT \(9464\)/],
    [{ AUDIT_RETENTION: "1y" }, /^AUDIT_RETENTION must be a number of days such as 365d/],
    [{ AUDIT_RETENTION: "0d" }, /^AUDIT_RETENTION must be a number of days/],
    [{ NODE_ENV: "production" }, /^ALTCHA_HMAC_KEY must be set in production/],
    [{ ALTCHA_HMAC_KEY: "short" }, /^ALTCHA_HMAC_KEY must be 32 or more characters/],
    [{ CHALLENGE_FROM: "0.5" }, /^CHALLENGE_FROM must be a share of the limit from 1% to 99%, or off/],
    [{ CHALLENGE_FROM: "100%" }, /^CHALLENGE_FROM must be a share/],
    [{ CHALLENGE_COST: "0" }, /^CHALLENGE_COST must be a positive whole number/],
    [{ CHALLENGE_NO_SCRIPT_WAIT: "1m" }, /^CHALLENGE_NO_SCRIPT_WAIT must be 20s or less/],
    [
      { RATE_LIMIT_REDIS_URL: "redis://:s3cret@" },
      /^RATE_LIMIT_REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL with a host, e\.g\. redis:\/\/redis:6379$/,
    ],
  ];
  for (const [env, message] of cases) {
    t.throws(() => readConfig(env), { name: "ConfigError", message }, JSON.stringify(env));
  }
  t.ok(new ConfigError("x") instanceof Error);
});

t.test("the server process stops at start-up on a bad value and says which", async (t) => {
  const server = fileURLToPath(new URL("../src/server.ts", import.meta.url));
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", server], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
      encoding: "utf8",
      timeout: 30_000,
    });

  const badPort = run({ PORT: "three thousand" });
  t.equal(badPort.status, 1);
  t.match(badPort.stderr, /configuration error: PORT must be a port number from 1 to 65535, got "three thousand"/);

  const noSpa = run({ WEB_ROOT: mkdtempSync(join(tmpdir(), "empty-web-")) });
  t.equal(noSpa.status, 1);
  t.match(noSpa.stderr, /configuration error: WEB_ROOT .* has no index.html/);
});
