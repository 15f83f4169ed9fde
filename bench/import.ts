// `npm run bench -- import`: moving 1,000 people in from another identity
// system, as Manage Users' "Import people" does it (docs/importing-people.md):
// the dry run and then the import, each in the dialog's batches of
// importBatchMax, one after the other, by an admin signed in with both factors,
// against the portal as `npm start` runs it on a stack of its own (Kratos on
// SQLite). Three rounds of 1,000 new people each, so that the last round runs
// against 3,000 more identities than the first: the people per second of each
// step and the portal's resident memory before, at its peak during the round
// (sampled every 20 ms) and after. Prints the figures; nothing here passes or
// fails.
import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { request, type APIRequestContext } from "@playwright/test";
import { importBatchMax } from "../contract/user-import.js";
import type { ImportPerson, ImportResult } from "../contract/schemas/users.js";
import { createIdentity } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { startTestStack } from "../stack/test-stack.js";
import { startPortal } from "../stack/portal.js";
import { memoryOf } from "./processes.js";

const people = 1000;
const rounds = 3;

/** Kratos' form of a pbkdf2-sha256 hash, as the dialog turns a Keycloak credential into it. */
function pbkdf2Hash(password: string): string {
  const salt = randomBytes(16);
  const raw = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");
  return `$pbkdf2-sha256$i=1000,l=32$${raw(salt)}$${raw(pbkdf2Sync(password, salt, 1000, 32, "sha256"))}`;
}

/** Each batch in turn, as the dialog sends them; the rows of all, in order. */
async function runBatches(api: APIRequestContext, origin: string, list: ImportPerson[], dryRun: boolean) {
  const rows: ImportResult["rows"] = [];
  for (let start = 0; start < list.length; start += importBatchMax) {
    const answer = await api.post(`${origin}/api/users/import`, {
      headers: { accept: "application/json", origin },
      data: { dry_run: dryRun, people: list.slice(start, start + importBatchMax) },
      timeout: 0,
    });
    if (!answer.ok()) throw new Error(`POST /api/users/import answered ${answer.status()}: ${await answer.text()}`);
    rows.push(...((await answer.json()) as ImportResult).rows);
  }
  return rows;
}

/** The largest resident memory of the process while `work` runs, sampled every 20 ms, in MB. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = memoryOf(pid).rssMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, memoryOf(pid).rssMb)), 20);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, memoryOf(pid).rssMb) };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchImport(): Promise<void> {
  const stack = await startTestStack({ progress: true });
  const api = await request.newContext();
  try {
    await startPortal(stack.supervisor, stack.settings, stack);
    const origin = stack.portalOrigin;
    const pid = stack.supervisor.pid("portal");
    if (pid === undefined) throw new Error("the portal has no process to measure");
    const admin = await createIdentity(stack.adminUrl, { roles: ["admin"], verified: true });
    const browser = new RequestContextBrowser(api, origin);
    const signedIn = await browser.signIn(admin.email, admin.password);
    if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()} ${await signedIn.text()}`);
    await browser.enrolTotp();

    console.log(`${people} people a round in batches of ${importBatchMax}; the portal as npm start runs it, Kratos on SQLite`);
    console.log("round  identities before  dry run s  people/s  import s  people/s  imported  RSS MB before  peak  after");
    for (let round = 1; round <= rounds; round++) {
      const prefix = `bench-${randomUUID().slice(0, 8)}`;
      const list = Array.from({ length: people }, (_, index) => ({
        email: `${prefix}-${index}@example.org`,
        first_name: "Bench",
        last_name: `Person ${index}`,
        verified: true,
        roles: [],
        password_hash: pbkdf2Hash(`pw-${index}`),
      }));
      const before = memoryOf(pid).rssMb;
      const { result, peakMb } = await peakDuring(pid, async () => {
        const dryStart = performance.now();
        const checked = await runBatches(api, origin, list, true);
        const drySeconds = (performance.now() - dryStart) / 1000;
        if (checked.some(({ outcome }) => outcome !== "will_import")) throw new Error("the dry run refused a row");
        const importStart = performance.now();
        const imported = await runBatches(api, origin, list, false);
        return { drySeconds, importSeconds: (performance.now() - importStart) / 1000, imported };
      });
      const { drySeconds, importSeconds, imported } = result;
      const count = imported.filter(({ outcome }) => outcome === "imported").length;
      console.log(
        [
          String(round).padStart(5),
          String(1 + (round - 1) * people).padStart(18),
          drySeconds.toFixed(2).padStart(10),
          (people / drySeconds).toFixed(0).padStart(9),
          importSeconds.toFixed(2).padStart(9),
          (people / importSeconds).toFixed(0).padStart(9),
          String(count).padStart(9),
          before.toFixed(1).padStart(14),
          peakMb.toFixed(1).padStart(5),
          memoryOf(pid).rssMb.toFixed(1).padStart(6),
        ].join(" "),
      );
    }
    console.log(`the portal's resident peak since it started: ${memoryOf(pid).peakMb.toFixed(1)} MB`);
  } finally {
    await api.dispose();
    await stack.stop();
  }
}
