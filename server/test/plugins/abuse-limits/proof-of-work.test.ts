// The proof-of-work check before an abuse limit refuses, against the real
// Kratos through the portal's /kratos proxy: past CHALLENGE_FROM of a limit
// a submission needs a solved ALTCHA challenge (solved here as the browser's
// worker does, with altcha-lib), each solution once; a form without script
// waits instead; the owner's own browser is spared.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import t, { type Test } from "tap";
import { createIdentity, uniqueEmail } from "../../../../testing/identities.js";
import { proofOfWorkHeader } from "#contract/proof-of-work.js";
import type { Env } from "../../helpers/build.js";
import { useKratos } from "../../helpers/kratos.js";
import { assertLimited, Client, limitedPortal, newIp } from "../../helpers/limits.js";

const kratos = await useKratos(t);

/** Small challenges, so that the test solves them in milliseconds; the check is the same. */
const portal = (t: Test, env: Env = {}) =>
  limitedPortal(t, kratos, { CHALLENGE_FROM: "50%", CHALLENGE_COST: "10", CHALLENGE_MAX_NUMBER: "40", ...env });

/** A challenge from the portal, solved: the X-Altcha header's value, as the widget makes it. */
async function solved(app: FastifyInstance, ip: string, change?: (challenge: Challenge) => void): Promise<string> {
  const answer = await app.inject({ url: "/api/proof-of-work", headers: { "x-forwarded-for": ip } });
  const challenge = answer.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  change?.(challenge);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A client at this IP whose next requests carry this solution. */
const solving = (app: FastifyInstance, ip: string, payload: string) => new Client(app, ip, { headers: { [proofOfWorkHeader]: payload } });

function assertChallenged(t: Test, response: LightMyRequestResponse, note: string): void {
  t.equal(response.statusCode, 428, note);
  t.same(response.json(), { code: "proof_of_work_required" }, "a code, no words");
}

t.test("past half of an account's limit each guess needs a solved challenge, each solution once, and the limit still holds", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "4/15m" });
  const user = await createIdentity(kratos.adminUrl);
  for (let attempt = 1; attempt <= 2; attempt++) {
    t.equal((await new Client(app, newIp()).signIn(user.email, "wrong")).statusCode, 400, `guess ${attempt}: Kratos' answer`);
  }
  for (let attempt = 1; attempt <= 3; attempt++) {
    assertChallenged(t, await new Client(app, newIp()).signIn(user.email, "wrong"), `guess 3 without a solution, try ${attempt}`);
  }
  const ip = newIp();
  const payload = await solved(app, ip);
  t.equal((await solving(app, ip, payload).signIn(user.email, "wrong")).statusCode, 400, "with one: Kratos' answer");
  assertChallenged(t, await solving(app, ip, payload).signIn(user.email, "wrong"), "the same solution again");
  assertChallenged(t, await solving(app, ip, "bm90IGEgc29sdXRpb24=").signIn(user.email, "wrong"), "something else");
  const forged = await solved(app, ip, (challenge) => {
    challenge.parameters.cost = 1;
  });
  assertChallenged(t, await solving(app, ip, forged).signIn(user.email, "wrong"), "a challenge made easier than signed");
  t.equal((await solving(app, ip, await solved(app, ip)).signIn(user.email, "wrong")).statusCode, 400, "the 4th guess, solved");
  assertLimited(t, await solving(app, ip, await solved(app, ip)).signIn(user.email, user.password), "then the limit refuses");
});

t.test("the owner's own browser is never challenged, even behind the network an attacker guesses from", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_IP: "6/15m" });
  const user = await createIdentity(kratos.adminUrl);
  const shared = newIp();
  const owner = new Client(app, shared);
  t.equal((await owner.signIn(user.email, user.password)).statusCode, 200, "the owner signs in once: the browser is known");
  t.equal((await owner.signOut()).statusCode, 204, "and signs out, keeping the device cookie");
  for (let attempt = 1; attempt <= 3; attempt++) await new Client(app, shared).signIn(user.email, "wrong");
  assertChallenged(t, await new Client(app, shared).signIn(user.email, "wrong"), "the attacker is challenged");
  assertChallenged(t, await new Client(app, shared).signIn(user.email, user.password), "so is another browser with the password");
  t.equal((await owner.signIn(user.email, user.password)).statusCode, 200, "the owner's browser signs in without a solution");
});

t.test("spraying from one network meets the challenge before its limit", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_IP: "6/15m" });
  const ip = newIp();
  for (let attempt = 1; attempt <= 3; attempt++) {
    t.equal((await new Client(app, ip).signIn(uniqueEmail(), "wrong")).statusCode, 400, `guess ${attempt}`);
  }
  assertChallenged(t, await new Client(app, ip).signIn(uniqueEmail(), "wrong"), "the 4th from that network");
  t.equal((await new Client(app, newIp()).signIn(uniqueEmail(), "wrong")).statusCode, 400, "another network is not challenged");
});

t.test("recovery per address and registration per network are challenged too", async (t) => {
  const app = await portal(t, { LIMIT_MAIL_ADDRESS: "2/15m", LIMIT_REGISTRATION_IP: "2/15m" });
  const user = await createIdentity(kratos.adminUrl);
  t.equal((await new Client(app, newIp()).fill("recovery", { method: "code", email: user.email })).statusCode, 200, "a recovery code");
  assertChallenged(t, await new Client(app, newIp()).fill("recovery", { method: "code", email: user.email }), "a second one");
  const ip = newIp();
  const second = await solving(app, ip, await solved(app, ip)).fill("recovery", { method: "code", email: user.email });
  t.equal(second.statusCode, 200, "with a solution");
  const register = () =>
    new Client(app, ip).fill("registration", {
      method: "password",
      password: `pw-${uniqueEmail()}`,
      traits: { email: uniqueEmail(), name: { first: "A", last: "B" } },
    });
  t.not((await register()).statusCode, 428, "a first registration");
  assertChallenged(t, await register(), "a second from the network");
});

t.test("a form sent without script waits instead, one at a time", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "4/15m", CHALLENGE_NO_SCRIPT_WAIT: "2s" });
  const user = await createIdentity(kratos.adminUrl);
  for (let attempt = 1; attempt <= 2; attempt++) await new Client(app, newIp()).signIn(user.email, "wrong");
  const form = () => new Client(app, newIp(), { nativeForms: true }).signIn(user.email, "wrong");
  const started = Date.now();
  const [first, second] = await Promise.all([form(), form()]);
  const waited = Date.now() - started;
  const answers = [first.statusCode, second.statusCode].sort();
  t.same(answers, [303, 429], "one is held and reaches Kratos (its redirect back to the page), the other is told to wait");
  t.ok(waited >= 2000, `held ${waited} ms`);
  const third = await form();
  t.equal(third.statusCode, 303, "the next form, once the first is through, is held and reaches Kratos");
  assertLimited(t, await form(), "then the limit refuses");
});

t.test("a challenge is signed, expires and costs its solver the configured work", async (t) => {
  const app = await portal(t, { CHALLENGE_COST: "1500", CHALLENGE_MAX_NUMBER: "3000" });
  const answer = await app.inject({ url: "/api/proof-of-work", headers: { "x-forwarded-for": newIp() } });
  t.equal(answer.statusCode, 200);
  t.equal(answer.headers["cache-control"], "no-store");
  const { parameters, signature } = answer.json<Challenge>();
  t.match(parameters, { algorithm: "PBKDF2/SHA-256", cost: 1500, keyLength: 32 });
  t.ok(typeof signature === "string" && signature.length === 64, "signed");
  const inSeconds = (parameters.expiresAt ?? 0) - Date.now() / 1000;
  t.ok(inSeconds > 240 && inSeconds <= 300, `expires in ${Math.round(inSeconds)} s`);
});
