// `npm run bench -- sqlite-locks`: how often Kratos on the local stack's
// SQLite (stack/settings.ts' DSN, what `npm start` and the tests run) answers
// 500 "database is locked" when people sign in with a password and an
// authenticator app at the same moment, as the browser tests' two workers do.
// A stack of its own and the portal as `npm start` runs it; BENCH_PEOPLE people
// (24) sign in at once, BENCH_ROUNDS times (10). Prints the answers Kratos
// gave the second step, and the lines it logged for the locks; nothing here
// passes or fails. Run it before and after a change of the DSN's options.
import { startPortal } from "../stack/portal.js";
import { startTestStack } from "../stack/test-stack.js";
import { HttpBrowser } from "../testing/http-browser.js";
import { createIdentity } from "../testing/identities.js";

const people = Number(process.env.BENCH_PEOPLE || 24);
const rounds = Number(process.env.BENCH_ROUNDS || 10);

export async function benchSqliteLocks(): Promise<void> {
  const stack = await startTestStack({ progress: true });
  try {
    // The browser tests' limits (stack/test.ts): every sign-in here comes from one address.
    await startPortal(stack.supervisor, stack.settings, stack, { env: { LIMIT_FLOW_IP: "100000/15m", CHALLENGE_FROM: "off" } });
    const origin = stack.portalOrigin;
    console.log(`Kratos' DSN: ${stack.settings.kratos.dsn.replace(/^sqlite:\/\/[^?]*/, "sqlite://…")}`);
    const accounts = [];
    for (let made = 0; made < people; made++) {
      const person = await createIdentity(stack.adminUrl, { verified: true });
      const flows = new HttpBrowser(origin).at(origin);
      const signedIn = await flows.signIn(person.email, person.password);
      if (signedIn.status !== 200) throw new Error(`sign-in of ${person.email}: ${signedIn.status}`);
      accounts.push({ ...person, secret: await flows.enrolTotp() });
    }
    const errorsBefore = stack.supervisor.errorCount();
    const answers = new Map<string, number>();
    const started = Date.now();
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        accounts.map(async ({ email, password, secret }) => {
          let outcome: string;
          try {
            outcome = String((await new HttpBrowser(origin).at(origin).signInWithTotp(email, password, secret)).status);
          } catch (error) {
            outcome = `refused before the second step: ${(error as Error).message.slice(0, 60)}`;
          }
          answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
        }),
      );
    }
    const locks = stack.supervisor.recentErrors(errorsBefore).filter((line) => line.includes("database is locked"));
    console.log(`${people * rounds} sign-ins with a second factor, ${people} at once, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const [outcome, count] of [...answers].sort()) console.log(`  ${outcome}: ${count}`);
    console.log(`Kratos' "database is locked" lines: ${locks.length}${locks.length === 40 ? " or more (the last 40 are kept)" : ""}`);
    for (const line of locks.slice(0, 3)) console.log(`  ${line}`);
  } finally {
    await stack.stop();
  }
}
