// `npm run bench -- capacity`: the figures of docs/sizing.md. On SQLite, then
// on PostgreSQL (BENCH_DATABASES picks), a stack of its own with Kratos'
// production hashers (config/kratos/kratos.yml, not the tests' cheap ones)
// and the portal as the image runs it, loaded in turn with password sign-ins
// and registrations through the portal (a fresh browser each: start the flow
// at /kratos, post the form), then whoami through /kratos and /api/session
// with one session. For each: the rate reached here, the CPU time each
// process spent per request (the portal, Kratos, its courier, Hydra,
// PostgreSQL with its connections' processes, the load generator), and so the
// rate per core of the whole stack; the resident memory of each process; on
// PostgreSQL the rows and WAL bytes Kratos' database wrote per sign-in and per
// registration. The abuse limits still count every request, with their
// budgets lifted out of the load's way. Asserts nothing.
//
// BENCH_BROWSERS sets how many browsers sign in or register at once (4 per
// core by default). BENCH_HASHERS picks Kratos' password hashing, one run each (comma-separated):
// `production` (default: config/kratos/kratos.yml's, Kratos' default bcrypt
// cost) and `keycloak` (Argon2id at Keycloak's settings: 5 iterations, 7 MiB,
// one lane; Kratos' keys hashers.argon2.* in its embedx/config.schema.json).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import type { ConfigTree } from "../stack/config-tree.js";
import { imageNode } from "../stack/image-node.js";
import { startPortal, type PortalOptions } from "../stack/portal.js";
import { buildRelease } from "../stack/release.js";
import { rootDir } from "../stack/settings.js";
import type { Supervisor } from "../stack/supervisor.js";
import { HttpBrowser, type JsonAnswer } from "../testing/http-browser.js";
import { createIdentity, uniqueEmail, type TestIdentity } from "../testing/identities.js";
import { startTestStack, type TestDatabase, type TestStack } from "../stack/test-stack.js";
import { loadGenerator, measureHotPaths } from "./hot-path.js";
import { cpuTimeUs, memoryOf, treeMemoryMb } from "./processes.js";

const writeSeconds = Number(process.env.BENCH_SECONDS || 10);
const readSeconds = Math.max(3, Math.round(writeSeconds / 2));
/**
 * Browsers signing in or registering at once: enough to keep every core busy while each waits on the others
 * (BENCH_BROWSERS: fewer, where a machine shared with other work would keep them waiting past the portal's
 * UPSTREAM_TIMEOUT_MS).
 */
const browsers = Number(process.env.BENCH_BROWSERS || 4 * cpus().length);
const databases = (process.env.BENCH_DATABASES || "sqlite,postgres").split(",") as TestDatabase[];
/** Other options for Kratos' PostgreSQL driver than production's, to see what they cost (empty: the driver's own). */
const pgxOptions = process.env.BENCH_PGX_OPTIONS;
/** PostgreSQL's connections report their counters when idle, at most every 10 s (PGSTAT_IDLE_INTERVAL). */
const statsSettleMs = 11_000;

const say = (line = "") => {
  console.log(line);
};

/** Kratos' password hashing as deployed: what a sign-in's cost mostly is. */
function productionHashers(): ConfigTree {
  const config = parse(readFileSync(join(rootDir, "config", "kratos", "kratos.yml"), "utf8")) as { hashers: ConfigTree };
  return config.hashers;
}

/** Argon2id as Keycloak hashes passwords by default (its sizing guide's 15 sign-ins per second per vCPU). */
const keycloakHashers: ConfigTree = {
  algorithm: "argon2",
  argon2: { memory: "7MB", iterations: 5, parallelism: 1, salt_length: 16, key_length: 32 },
};

function chosenHashers(): ConfigTree[] {
  return (process.env.BENCH_HASHERS || "production").split(",").map((name) => {
    if (name === "production") return productionHashers();
    if (name === "keycloak") return keycloakHashers;
    throw new Error(`BENCH_HASHERS: "${name}" is neither production nor keycloak`);
  });
}

function describeHashers(hashers: ConfigTree): string {
  const algorithm = String(hashers.algorithm);
  const settings = hashers[algorithm] as ConfigTree | undefined;
  return `${algorithm}${
    settings
      ? ` (${Object.entries(settings)
          .map(([key, value]) => `${key} ${String(value)}`)
          .join(", ")})`
      : ""
  }`;
}

function machine(): string {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), load average ${one}, ${five}, ${fifteen}`;
}

interface PhaseResult {
  name: string;
  requests: number;
  seconds: number;
  failures: number;
  /** What the failures were, by count. */
  failed?: Map<string, number>;
  p50Ms: number;
  p99Ms: number;
  cpuUsPerRequest: Record<string, number>;
  written?: Writes;
}

/** Runs `act` in `concurrency` loops for `seconds`; what each process spent meanwhile. */
async function loop(
  name: string,
  concurrency: number,
  seconds: number,
  processes: Record<string, number>,
  /** One request; throws what went wrong. */
  act: (worker: number) => Promise<void>,
): Promise<Omit<PhaseResult, "written">> {
  const before = cpuTimes(processes);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const failed = new Map<string, number>();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const start = performance.now();
        try {
          await act(worker);
          latencies.push(performance.now() - start);
        } catch (error) {
          failures += 1;
          const reason = (error as Error).message.slice(0, 160);
          failed.set(reason, (failed.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = cpuTimes(processes);
  const requests = latencies.length;
  latencies.sort((a, b) => a - b);
  const percentile = (share: number) => Math.round(latencies[Math.min(requests - 1, Math.floor(requests * share))] ?? NaN);
  return {
    name,
    requests,
    seconds: elapsed,
    failures,
    failed,
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    cpuUsPerRequest: Object.fromEntries(Object.keys(after).map((key) => [key, (after[key] - before[key]) / Math.max(1, requests)])),
  };
}

function cpuTimes(processes: Record<string, number>): Record<string, number> {
  const { user, system } = process.cpuUsage();
  return {
    ...Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuTimeUs(pid)])),
    [loadGenerator]: user + system,
  };
}

interface Writes {
  inserted: number;
  updated: number;
  deleted: number;
  walBytes: number;
  databaseBytes: number;
  /** Rows written per table, most first. */
  tables: [string, number][];
}

/** What Kratos' database has written so far, by PostgreSQL's counters. */
async function pgWrites(stack: TestStack): Promise<Writes> {
  const postgres = stack.postgres;
  if (!postgres) throw new Error("no PostgreSQL to read");
  const rows = (await postgres.query("kratos", "SELECT relname, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables"))
    .trim()
    .split("\n")
    .map((line) => line.split("|"));
  const [lsn, size] = (await postgres.query("kratos", "SELECT pg_current_wal_lsn(), pg_database_size('kratos')")).trim().split("|");
  const [high, low] = lsn.split("/").map((part) => parseInt(part, 16));
  const sum = (column: number) => rows.reduce((total, row) => total + Number(row[column]), 0);
  return {
    inserted: sum(1),
    updated: sum(2),
    deleted: sum(3),
    walBytes: high * 2 ** 32 + low,
    databaseBytes: Number(size),
    tables: rows.map((row) => [row[0], Number(row[1]) + Number(row[2]) + Number(row[3])]),
  };
}

function writesBetween(before: Writes, after: Writes): Writes {
  const earlier = new Map(before.tables);
  return {
    inserted: after.inserted - before.inserted,
    updated: after.updated - before.updated,
    deleted: after.deleted - before.deleted,
    walBytes: after.walBytes - before.walBytes,
    databaseBytes: after.databaseBytes - before.databaseBytes,
    tables: after.tables
      .map(([table, rows]): [string, number] => [table, rows - (earlier.get(table) ?? 0)])
      .filter(([, rows]) => rows > 0)
      .sort((a, b) => b[1] - a[1]),
  };
}

function expectOk({ status, body }: JsonAnswer): void {
  if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, statsSettleMs));

/** A phase that writes: on PostgreSQL, with what it wrote (read once the connections reported their counters). */
async function writingPhase(stack: TestStack, run: () => Promise<Omit<PhaseResult, "written">>): Promise<PhaseResult> {
  if (!stack.postgres) return run();
  await settle();
  const before = await pgWrites(stack);
  const result = await run();
  await settle();
  return { ...result, written: writesBetween(before, await pgWrites(stack)) };
}

/** The processes whose CPU time and memory the capacity is made of. */
function stackProcesses(stack: TestStack): Record<string, number> {
  const labels = { portal: "portal", Kratos: "kratos", "Kratos' courier": "courier", Hydra: "hydra", PostgreSQL: "postgres" };
  return Object.fromEntries(
    Object.entries(labels).flatMap(([name, label]) => {
      const pid = stack.supervisor.pid(label);
      return pid === undefined ? [] : [[name, pid]];
    }),
  );
}

function printPhases(results: PhaseResult[]): void {
  for (const result of results) {
    const served = Object.entries(result.cpuUsPerRequest).filter(([name]) => name !== loadGenerator);
    const stackUs = served.reduce((total, [, us]) => total + us, 0);
    const ms = (us: number) =>
      us >= 10_000 ? `${(us / 1000).toFixed(0)} ms` : us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${us.toFixed(0)} µs`;
    say(
      `  ${result.name}: ${(result.requests / result.seconds).toFixed(1)}/s here (${result.requests} in ${result.seconds.toFixed(1)} s, ` +
        `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${result.failures ? `, ${result.failures} failed` : ""}); ` +
        `${(1e6 / stackUs).toFixed(1)}/s per core of the stack (${ms(stackUs)} of CPU each)`,
    );
    say(
      `    CPU per request: ${served
        .map(([name, us]) => `${name} ${ms(us)} (${((100 * us) / stackUs).toFixed(0)} %)`)
        .join(", ")}; load generator ${ms(result.cpuUsPerRequest[loadGenerator])}`,
    );
    for (const [reason, count] of result.failed ?? []) say(`    failed ${count}×: ${reason}`);
    const written = result.written;
    if (written && result.requests > 0) {
      const each = (value: number) => (value / result.requests).toFixed(1);
      say(
        `    Kratos' PostgreSQL per request: ${each(written.inserted)} rows inserted, ${each(written.updated)} updated, ` +
          `${each(written.deleted)} deleted; ${(written.walBytes / result.requests / 1024).toFixed(1)} KiB of WAL, ` +
          `database ${(written.databaseBytes / result.requests / 1024).toFixed(1)} KiB larger`,
      );
      say(`    rows by table: ${written.tables.map(([table, rows]) => `${table} ${each(rows)}`).join(", ")}`);
    }
  }
}

function printMemory(processes: Record<string, number>): void {
  const lines = Object.entries(processes).map(([name, pid]) => {
    if (name === "PostgreSQL") return `${name} ${treeMemoryMb(pid).toFixed(0)} MB (proportional, with its connections)`;
    const { rssMb, peakMb } = memoryOf(pid);
    return `${name} ${rssMb.toFixed(0)} MB (peak ${peakMb.toFixed(0)})`;
  });
  say(`  resident memory after the load: ${lines.join(", ")}`);
}

async function capacityOn(
  database: TestDatabase,
  image: (supervisor: Supervisor) => Promise<PortalOptions>,
  hashers: ConfigTree,
): Promise<void> {
  const stack = await startTestStack({ progress: true, database, pgxOptions, exampleSso: false, kratosConfig: { hashers } });
  try {
    const release = await image(stack.supervisor);
    // Every request comes from one address: the per-network budgets are lifted out of the way, still counted.
    const lifted = "100000000/1m";
    await startPortal(stack.supervisor, stack.settings, stack, {
      ...release,
      env: {
        LIMIT_API_IP: lifted,
        LIMIT_FLOW_IP: lifted,
        LIMIT_REGISTRATION_IP: lifted,
        LIMIT_MAIL_IP: lifted,
        LIMIT_SIGN_IN_IP: lifted,
      },
    });
    const portal = `http://127.0.0.1:${stack.settings.portal.port}`;
    const processes = stackProcesses(stack);
    // One account per browser, made through the admin API (each hashed as in production).
    const accounts: TestIdentity[] = [];
    for (let index = 0; index < browsers; index += 1) accounts.push(await createIdentity(stack.adminUrl, { verified: true }));
    const flows = () => new HttpBrowser(stack.portalOrigin).at(portal);

    say();
    const driver = database === "postgres" && pgxOptions !== undefined ? ` (driver options "${pgxOptions}")` : "";
    say(`Capacity on ${database === "postgres" ? "PostgreSQL" : "SQLite"}${driver}; ${machine()}:`);
    const results: PhaseResult[] = [];
    results.push(
      await writingPhase(stack, () =>
        loop(`password sign-in (${browsers} browsers)`, browsers, writeSeconds, processes, async (worker) => {
          const { email, password } = accounts[worker];
          expectOk(await flows().signIn(email, password));
        }),
      ),
    );
    results.push(
      await writingPhase(stack, () =>
        loop(`registration (${browsers} browsers)`, browsers, writeSeconds, processes, async () => {
          const browser = flows();
          const flow = await browser.startFlow("registration");
          const traits = { email: uniqueEmail("capacity"), name: { first: "Load", last: "Test" } };
          const answer = await browser.submit("registration", flow, { method: "password", traits, password: `pw-${randomUUID()}` });
          expectOk(answer);
        }),
      ),
    );
    const session = new HttpBrowser(stack.portalOrigin);
    const signedIn = await session.at(portal).signIn(accounts[0].email, accounts[0].password);
    if (signedIn.status !== 200) throw new Error(`sign-in for the read load: ${signedIn.status}`);
    const cookie = await session.jar.getCookieString(portal);
    const connections = 32;
    for (const round of await measureHotPaths(
      [
        { name: `whoami through /kratos (${connections} connections)`, url: `${portal}/kratos/sessions/whoami` },
        { name: `/api/session (${connections} connections)`, url: `${portal}/api/session` },
      ],
      cookie,
      { connections, seconds: readSeconds, rounds: 1 },
      processes,
    )) {
      results.push({
        name: round.target,
        requests: round.requests,
        seconds: readSeconds,
        failures: round.non2xx + round.errors,
        p50Ms: round.p50Ms,
        p99Ms: round.p99Ms,
        cpuUsPerRequest: round.cpuUsPerRequest,
      });
    }
    printPhases(results);
    printMemory(processes);
    say(
      `  load average at the end: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    await stack.stop();
  }
}

export async function benchCapacity(): Promise<void> {
  const started = Date.now();
  say(`capacity: ${machine()}; ${writeSeconds} s a writing phase, ${readSeconds} s a reading one`);
  let release: PortalOptions | undefined;
  for (const hashers of chosenHashers())
    for (const database of databases) {
      say();
      say(`capacity: Kratos' hashers: ${describeHashers(hashers)}`);
      await capacityOn(
        database,
        async (supervisor) => {
          // The image's way: the bundled server and the built app, on the image's Node; built once.
          release ??= { release: { dir: await buildRelease(supervisor), node: (await imageNode(() => undefined)).path } };
          return release;
        },
        hashers,
      );
    }
  say();
  say(`capacity: done in ${Math.round((Date.now() - started) / 1000)} s, Node ${process.version}`);
}
