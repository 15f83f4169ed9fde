// `npm run bench -- user-search`: how long Manage Users' search by the beginning of an address
// (Kratos' preview_credentials_identifier_similar) and by the whole address (credentials_identifier,
// which the invitations' check, the failed sign-ins' count and the first admin's command use too) take
// as Kratos' SQLite fills up, through the portal as `npm start` runs it: with SQLite's planner
// statistics that the stack writes (launchers/kratos/planner_hints.go) and without them, one after the
// other in one run. People are added through Kratos' admin API in batches (no password: the search
// reads the identifiers their address makes) up to each of BENCH_SIZES (500,2000,4000); at each,
// BENCH_ROUNDS (5) searches for the last one added. A search the portal gave up on (its upstream
// timeout) counts as failed. Prints medians and ratios; nothing here passes or fails.
import { request, type APIRequestContext } from "@playwright/test";
import { Configuration, IdentityApi } from "@ory/client";
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
  sqlitePlannerHints: boolean;
}

/** A median in ms, or why there is none. */
type Figure = number | string;

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

/** The median milliseconds of the searches the admin's browser asks; a search must find exactly the one person. */
async function timeSearches(api: APIRequestContext, origin: string, email: string, match: "prefix" | "exact"): Promise<Figure> {
  const typed = match === "prefix" ? email.slice(0, email.indexOf("@") + 3) : email;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const answer = await api.get(`${origin}/api/users`, {
      params: { email: typed, match },
      headers: { accept: "application/json" },
      timeout: 0,
    });
    if (!answer.ok()) return `${answer.status()} after ${((performance.now() - started) / 1000).toFixed(1)} s`;
    times.push(performance.now() - started);
    const found = ((await answer.json()) as { items: { traits?: { email?: string } }[] }).items;
    if (found.length !== 1 || found[0].traits?.email !== email) throw new Error(`the search for ${typed} found ${found.length} people`);
  }
  return median(times);
}

const shown = (figure: Figure | undefined) => (typeof figure === "number" ? `${figure.toFixed(0)} ms` : (figure ?? "—"));
const ratio = (a: Figure | undefined, b: Figure | undefined) =>
  typeof a === "number" && typeof b === "number" ? `×${(a / b).toFixed(3)}` : "—";

async function measure(variant: Variant): Promise<Map<number, { prefix: Figure; exact: Figure }>> {
  const stack = await startTestStack({ progress: true, exampleSso: false, sqlitePlannerHints: variant.sqlitePlannerHints });
  const api = await request.newContext();
  const figures = new Map<number, { prefix: Figure; exact: Figure }>();
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
      const prefix = await timeSearches(api, origin, last, "prefix");
      const exact = await timeSearches(api, origin, last, "exact");
      figures.set(size, { prefix, exact });
      console.log(`  ${variant.name}: ${size} people: by the beginning ${shown(prefix)}, by the whole address ${shown(exact)}`);
    }
  } finally {
    await api.dispose();
    await stack.stop();
  }
  return figures;
}

export async function benchUserSearch(): Promise<void> {
  const hints = await measure({ name: "with the planner's statistics", sqlitePlannerHints: true });
  const none = await measure({ name: "without them", sqlitePlannerHints: false });
  console.log(`Manage Users' search through the portal, median of ${rounds}, Kratos on SQLite:`);
  console.log("| people | by the beginning: with | without | ratio | by the whole address: with | without | ratio |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const size of sizes) {
    const [a, b] = [hints.get(size), none.get(size)];
    console.log(
      `| ${size} | ${shown(a?.prefix)} | ${shown(b?.prefix)} | ${ratio(a?.prefix, b?.prefix)} | ` +
        `${shown(a?.exact)} | ${shown(b?.exact)} | ${ratio(a?.exact, b?.exact)} |`,
    );
  }
}
