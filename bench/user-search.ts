// `npm run bench -- user-search`: how long Manage Users' search by the beginning of an address
// (Kratos' preview_credentials_identifier_similar, a LIKE) and by the whole address take as Kratos'
// SQLite fills up, through the portal as `npm start` runs it, with the local stack's DSN as it is and
// without its case-sensitive LIKE (stack/settings.ts), one after the other in one run. People are added
// through Kratos' admin API in batches (no password: the search reads the identifiers their address
// makes) up to each of BENCH_SIZES (500,2000,4000); at each, BENCH_ROUNDS (5) searches for the last one
// added. Prints medians and the ratio; nothing here passes or fails.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request, type APIRequestContext } from "@playwright/test";
import { Configuration, IdentityApi } from "@ory/client";
import { sqliteDsn } from "../stack/settings.js";
import { startPortal } from "../stack/portal.js";
import { startTestStack } from "../stack/test-stack.js";
import { createIdentity } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { median } from "./hot-path.js";

const sizes = (process.env.BENCH_SIZES || "500,2000,4000").split(",").map(Number);
const rounds = Number(process.env.BENCH_ROUNDS || 5);
/** Kratos' BatchPatchIdentitiesLimit is 2,000. */
const batch = 1000;

interface Variant {
  name: string;
  /** The stack's variables; the DSN's folder, when it has one of its own, is removed afterwards. */
  env: Record<string, string>;
  folder?: string;
}

/** Adds people named bench-<n>@example.org up to `total`; the last one's address. */
async function fillTo(identities: IdentityApi, from: number, total: number): Promise<string> {
  for (let start = from; start < total; start += batch) {
    const count = Math.min(batch, total - start);
    const { data } = await identities.batchPatchIdentities({
      patchIdentitiesBody: {
        identities: Array.from({ length: count }, (_, index) => ({
          create: {
            schema_id: "default",
            traits: { email: `bench-${start + index}@example.org`, name: { first: "Bench", last: `Person ${start + index}` } },
          },
        })),
      },
    });
    const failed = (data.identities ?? []).filter((one) => one.action !== "create");
    if (failed.length > 0) throw new Error(`Kratos refused ${failed.length} of a batch: ${JSON.stringify(failed[0])}`);
  }
  return `bench-${total - 1}@example.org`;
}

/** The milliseconds of each search the admin's browser asks; throws unless it finds exactly the one person. */
async function timeSearches(api: APIRequestContext, origin: string, email: string, match: "prefix" | "exact"): Promise<number[]> {
  const typed = match === "prefix" ? email.slice(0, email.indexOf("@") + 3) : email;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const answer = await api.get(`${origin}/api/users`, { params: { email: typed, match }, headers: { accept: "application/json" } });
    times.push(performance.now() - started);
    if (!answer.ok()) throw new Error(`GET /api/users answered ${answer.status()}: ${await answer.text()}`);
    const found = ((await answer.json()) as { items: { traits?: { email?: string } }[] }).items;
    if (found.length !== 1 || found[0].traits?.email !== email) throw new Error(`the search for ${typed} found ${found.length} people`);
  }
  return times;
}

async function measure(variant: Variant): Promise<Map<number, { prefix: number; exact: number }>> {
  const stack = await startTestStack({ progress: true, exampleSso: false, settingsEnv: variant.env });
  const api = await request.newContext();
  const figures = new Map<number, { prefix: number; exact: number }>();
  try {
    await startPortal(stack.supervisor, stack.settings, stack, { env: { CHALLENGE_FROM: "off" } });
    const origin = stack.portalOrigin;
    const admin = await createIdentity(stack.adminUrl, { roles: ["admin"], verified: true });
    const browser = new RequestContextBrowser(api, origin);
    const signedIn = await browser.signIn(admin.email, admin.password);
    if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()} ${await signedIn.text()}`);
    await browser.enrolTotp();
    const identities = new IdentityApi(new Configuration({ basePath: stack.adminUrl }));
    let people = 0;
    for (const size of sizes) {
      const last = await fillTo(identities, people, size);
      people = size;
      const prefix = median(await timeSearches(api, origin, last, "prefix"));
      const exact = median(await timeSearches(api, origin, last, "exact"));
      figures.set(size, { prefix, exact });
      console.log(
        `  ${variant.name}: ${size} people: by the beginning ${prefix.toFixed(0)} ms, by the whole address ${exact.toFixed(0)} ms`,
      );
    }
  } finally {
    await api.dispose();
    await stack.stop();
    if (variant.folder) rmSync(variant.folder, { recursive: true, force: true });
  }
  return figures;
}

export async function benchUserSearch(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "bench-user-search-"));
  const variants: Variant[] = [
    { name: "as npm start runs it", env: {} },
    { name: "without _case_sensitive_like", env: { KRATOS_DSN: sqliteDsn(join(folder, "kratos.sqlite")) }, folder },
  ];
  const [ours, without] = [await measure(variants[0]), await measure(variants[1])];
  console.log(`Manage Users' search, median of ${rounds}, Kratos on SQLite (ms):`);
  console.log("people  by the beginning: as run  without  ratio   by the whole address: as run  without");
  for (const size of sizes) {
    const [a, b] = [ours.get(size), without.get(size)];
    if (!a || !b) continue;
    console.log(
      `${String(size).padEnd(8)}${a.prefix.toFixed(0).padStart(24)}${b.prefix.toFixed(0).padStart(9)}  ×${(a.prefix / b.prefix).toFixed(2).padEnd(5)}` +
        `${a.exact.toFixed(0).padStart(30)}${b.exact.toFixed(0).padStart(9)}`,
    );
  }
}
