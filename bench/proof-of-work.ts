// `npm run bench -- proof-of-work`: what the proof-of-work check before the
// abuse limits (server/src/plugins/abuse-limits/proof-of-work.ts) costs an
// attacker and a person, at the configured difficulty (CHALLENGE_COST,
// CHALLENGE_MAX_NUMBER; their defaults unless set in the environment):
//
// - the attacker's wrong passwords per second from one client, one at a time,
//   through a portal without the check (CHALLENGE_FROM=off): what the portal
//   and Kratos answer, the attacker's own core idle;
// - the challenges one core solves per second, so the guesses per second per
//   core with the check: with altcha-lib's solver (WebCrypto, what the widget
//   runs) and with Node's own PBKDF2 in a tight loop (an attacker's faster
//   code), both on challenges the portal made;
// - how long a person waits: in Chromium, from the portal's 428 to the form
//   sent again with the solution (the widget fetching and solving), median
//   and range over the runs.
//
// Prints figures and ratios; nothing here passes or fails.
import { pbkdf2Sync } from "node:crypto";
import { cpus } from "node:os";
import { chromium, request } from "@playwright/test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { readProofOfWork } from "../server/src/config.js";
import { createIdentity, uniqueEmail } from "../testing/identities.js";
import { RequestContextBrowser } from "../testing/request-context-browser.js";
import { startPortal } from "../stack/portal.js";
import { startTestStack } from "../stack/test-stack.js";
import { median } from "./hot-path.js";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const guessSeconds = Number(process.env.BENCH_SECONDS || 10);
const solves = Number(process.env.BENCH_SOLVES || 20);
const browserRuns = Number(process.env.BENCH_RUNS || 15);

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** The number altcha-lib's solver finds, by Node's own PBKDF2: the same keys, without WebCrypto's promise per try. */
function solveNatively({ parameters }: Challenge): number {
  const nonce = Buffer.from(parameters.nonce, "hex");
  const salt = Buffer.from(parameters.salt, "hex");
  const password = Buffer.alloc(nonce.length + 4);
  nonce.copy(password);
  for (let counter = 0; ; counter++) {
    password.writeUInt32BE(counter, nonce.length);
    const key = pbkdf2Sync(password, salt, parameters.cost, parameters.keyLength, "sha256");
    if (key.toString("hex").startsWith(parameters.keyPrefix)) return counter;
  }
}

export async function benchProofOfWork(): Promise<void> {
  const difficulty = readProofOfWork(process.env);
  const say = (line: string) => {
    console.log(line);
  };
  say(`proof of work: PBKDF2/SHA-256, CHALLENGE_COST=${difficulty.cost}, CHALLENGE_MAX_NUMBER=${difficulty.maxNumber}`);
  say(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}`);
  const stack = await startTestStack({});
  try {
    const limits = { LIMIT_SIGN_IN_IP: "100000/15m", LIMIT_SIGN_IN_ACCOUNT: "100000/15m", LIMIT_FLOW_IP: "100000/15m" };
    const tuned = {
      ...(process.env.CHALLENGE_COST ? { CHALLENGE_COST: process.env.CHALLENGE_COST } : {}),
      ...(process.env.CHALLENGE_MAX_NUMBER ? { CHALLENGE_MAX_NUMBER: process.env.CHALLENGE_MAX_NUMBER } : {}),
    };
    const origin = stack.settings.portal.origin;

    // 1. Without the check: wrong passwords, one after the other, from one client.
    await startPortal(stack.supervisor, stack.settings, stack, { env: { ...limits, ...tuned, CHALLENGE_FROM: "off" } });
    const victim = await createIdentity(stack.adminUrl, { verified: true });
    const context = await request.newContext();
    const attacker = new RequestContextBrowser(context, origin);
    let guesses = 0;
    const until = performance.now() + guessSeconds * 1000;
    const started = performance.now();
    while (performance.now() < until) {
      const answer = await attacker.signIn(victim.email, `guess-${guesses}`);
      if (answer.status() !== 400) throw new Error(`a wrong password was answered ${answer.status()}`);
      guesses += 1;
    }
    const withoutRate = guesses / ((performance.now() - started) / 1000);
    say(`without the check: ${round(withoutRate)} wrong passwords/s from one client, one at a time (${guesses} in ${guessSeconds} s)`);

    // 2. With it: the challenges one core solves per second.
    const challenges: Challenge[] = [];
    for (let index = 0; index < solves; index++) {
      challenges.push((await (await context.get(`${origin}/api/proof-of-work`)).json()) as Challenge);
    }
    await context.dispose();
    let libraryStart = performance.now();
    for (const challenge of challenges) {
      if ((await solveChallenge({ challenge, deriveKey })) === null) throw new Error("altcha-lib found no solution");
    }
    const librarySeconds = (performance.now() - libraryStart) / 1000;
    libraryStart = performance.now();
    for (const challenge of challenges) solveNatively(challenge);
    const nativeSeconds = (performance.now() - libraryStart) / 1000;
    const libraryRate = solves / librarySeconds;
    const nativeRate = solves / nativeSeconds;
    say(
      `with the check, one core: ${round(libraryRate, 2)} guesses/s with altcha-lib's solver (${solves} challenges in ${round(librarySeconds)} s)`,
    );
    say(
      `with the check, one core: ${round(nativeRate, 2)} guesses/s with Node's pbkdf2Sync (${solves} challenges in ${round(nativeSeconds)} s)`,
    );
    say(
      `ratio: the check leaves an attacker 1/${round(withoutRate / Math.max(libraryRate, nativeRate))} of the guesses per core of one client without it (the faster solver)`,
    );
    await stack.supervisor.stop("portal");

    // 3. A person's wait in Chromium: every sign-in from the third on is challenged (past 1% of 200 per address).
    await startPortal(stack.supervisor, stack.settings, stack, {
      env: { ...limits, ...tuned, LIMIT_SIGN_IN_IP: "200/15m", CHALLENGE_FROM: "1%" },
    });
    const browser = await chromium.launch({ executablePath: chromiumPath });
    try {
      const waits: number[] = [];
      const page = await browser.newPage();
      for (let run = 0; run < browserRuns + 2; run++) {
        await page.goto(`${origin}/login`);
        let askedAt = 0;
        let sentAt = 0;
        const onResponse = (response: { status(): number; url(): string }) => {
          if (response.status() === 428 && response.url().includes("/self-service/login")) askedAt = performance.now();
        };
        const onRequest = (sent: { method(): string; url(): string; headers(): Record<string, string> }) => {
          if (sent.method() === "POST" && sent.url().includes("/self-service/login") && sent.headers()["x-altcha"])
            sentAt = performance.now();
        };
        page.on("response", onResponse);
        page.on("request", onRequest);
        const reached = page.waitForResponse(
          (response) =>
            response.request().method() === "POST" && response.url().includes("/self-service/login") && response.status() !== 428,
          { timeout: 120_000 },
        );
        await page.getByLabel("Email").fill(uniqueEmail("nobody"));
        await page.getByLabel("Password", { exact: true }).fill("wrong");
        await page.getByRole("button", { name: "Sign in with password" }).click();
        await reached;
        page.off("response", onResponse);
        page.off("request", onRequest);
        if (askedAt > 0 && sentAt > askedAt) waits.push(sentAt - askedAt);
      }
      const sorted = [...waits].sort((a, b) => a - b);
      say(
        `a person's wait in Chromium (${sorted.length} challenged sign-ins): median ${Math.round(median(sorted))} ms, ` +
          `fastest ${Math.round(sorted[0] ?? 0)} ms, slowest ${Math.round(sorted.at(-1) ?? 0)} ms`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    await stack.stop();
  }
}
