// The abuse limits against the real Kratos, through the portal's /kratos
// proxy as a browser drives it. Several client IPs are played through a
// trusted proxy on loopback (TRUST_PROXY) and X-Forwarded-For.
import t from "tap";
import { createIdentity, uniqueEmail, type TestIdentity } from "../../../../testing/identities.js";
import { memoryCounter, memoryStore, type LimiterStore, type LimitRule } from "../../../src/state/limit-stores.js";
import { startRedis } from "../../../../stack/redis.js";
import { Supervisor } from "../../../../stack/supervisor.js";
import { build, LogLines, type Env } from "../../helpers/build.js";
import { useKratos } from "../../helpers/kratos.js";
import { mailsTo, waitForMail } from "../../helpers/mail.js";
import { assertAmbiguous, assertLimited, Client, limitedPortal, newIp, totpOf, wrongTotpOf } from "../../helpers/limits.js";

const kratos = await useKratos(t);

const portal = (t: Parameters<typeof limitedPortal>[0], env: Env = {}) => limitedPortal(t, kratos, env);

t.test("an account locks after 10 wrong passwords, whatever IP the guesses come from", async (t) => {
  const app = await portal(t);
  const user = await createIdentity(kratos.adminUrl);
  for (let attempt = 1; attempt <= 10; attempt++) {
    const wrong = await new Client(app, newIp()).signIn(user.email, `wrong-${attempt}`);
    t.equal(wrong.statusCode, 400, `wrong password ${attempt} is Kratos' own answer`);
  }
  assertLimited(t, await new Client(app, newIp()).signIn(user.email, "wrong-11"), "the 11th, from a new IP", [841, 900]);
  assertLimited(t, await new Client(app, newIp()).signIn(user.email, user.password), "the right password during the lock");
  const other = await createIdentity(kratos.adminUrl);
  t.equal((await new Client(app, newIp()).signIn(other.email, other.password)).statusCode, 200, "other accounts sign in");
});

t.test("the lock ends with its window; a success clears the count", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "3/2s" });
  const user = await createIdentity(kratos.adminUrl);
  const client = () => new Client(app, newIp());
  for (let attempt = 1; attempt <= 2; attempt++) t.equal((await client().signIn(user.email, "wrong")).statusCode, 400);
  t.equal((await client().signIn(user.email, user.password)).statusCode, 200, "a success before the limit");
  for (let attempt = 1; attempt <= 3; attempt++) {
    t.equal((await client().signIn(user.email, "wrong")).statusCode, 400, `after it, wrong password ${attempt} counts anew`);
  }
  assertLimited(t, await client().signIn(user.email, user.password), "locked", [1, 2]);
  await new Promise((resolve) => setTimeout(resolve, 2100));
  t.equal((await client().signIn(user.email, user.password)).statusCode, 200, "after the window the right password works");
});

t.test("identifiers count whatever their case and spacing, in JSON and in natively submitted forms", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "3/15m" });
  const user = await createIdentity(kratos.adminUrl);
  t.equal((await new Client(app, newIp()).signIn(user.email.toUpperCase(), "wrong")).statusCode, 400);
  const form = await new Client(app, newIp(), { nativeForms: true }).signIn(`  ${user.email} `, "wrong");
  t.equal(form.statusCode, 303, "a form gets Kratos' redirect back to the page");
  t.equal(
    (await new Client(app, newIp()).fill("login", { method: "password", password_identifier: user.email, password: "x" })).statusCode,
    400,
  );
  assertLimited(t, await new Client(app, newIp()).signIn(user.email, user.password), "all three counted");
});

t.test("field names in another case, which Kratos would also read, are refused", async (t) => {
  const app = await portal(t);
  const user = await createIdentity(kratos.adminUrl);
  const response = await new Client(app, newIp()).fill("login", { method: "password", IDENTIFIER: user.email, password: "x" });
  assertAmbiguous(t, response, "refused before Kratos");
});

t.test("wrong passwords per IP, across accounts (password spraying)", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_IP: "3/15m" });
  const ip = newIp();
  for (let attempt = 1; attempt <= 3; attempt++) {
    const user = await createIdentity(kratos.adminUrl);
    t.equal((await new Client(app, ip).signIn(user.email, "Winter2026!")).statusCode, 400);
  }
  const next = await createIdentity(kratos.adminUrl);
  assertLimited(t, await new Client(app, ip).signIn(next.email, next.password), "that IP is stopped");
  t.equal((await new Client(app, newIp()).signIn(next.email, next.password)).statusCode, 200, "another IP is not");
});

t.test("IPv6 clients count per /64", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_IP: "1/15m" });
  const user = await createIdentity(kratos.adminUrl);
  t.equal((await new Client(app, "2001:db8:1:2::1").signIn(user.email, "wrong")).statusCode, 400);
  assertLimited(t, await new Client(app, "2001:db8:1:2:ffff::9").signIn(user.email, user.password), "same /64");
});

t.test("second-factor guesses count per account; a new first-factor sign-in does not reset them", async (t) => {
  const app = await portal(t, { LIMIT_SECOND_FACTOR: "3/15m" });
  const user = await createIdentity(kratos.adminUrl);
  const setup = new Client(app, newIp());
  t.equal((await setup.signIn(user.email, user.password)).statusCode, 200);
  const secret = await setup.enrolTotp();

  const guess = async (code: string) => {
    const client = new Client(app, newIp());
    // browser_location_change_required: signed in at aal1, on to the second factor.
    t.equal((await client.signIn(user.email, user.password)).statusCode, 422, "first factor, a new aal1 session");
    return client.submit("login", await client.startFlow("login", "?aal=aal2"), { method: "totp", totp_code: code });
  };
  const wrong = wrongTotpOf(secret);
  for (let attempt = 1; attempt <= 3; attempt++) t.equal((await guess(wrong)).statusCode, 400, `wrong code ${attempt}`);
  assertLimited(t, await guess(wrong), "the 4th, from a new session and IP");
  assertLimited(t, await guess(totpOf(secret)), "even the right code");
});

t.test("mail per address: recovery, verification and sign-in codes share the count", async (t) => {
  const app = await portal(t, { LIMIT_MAIL_ADDRESS: "3/15m" });
  const user = await createIdentity(kratos.adminUrl);
  const client = () => new Client(app, newIp());
  t.equal((await client().fill("recovery", { method: "code", email: user.email })).statusCode, 200, "recovery code");
  t.equal((await client().fill("verification", { method: "code", email: user.email.toUpperCase() })).statusCode, 200, "verification code");
  t.equal(
    (await client().fill("login", { method: "code", identifier: user.email })).statusCode,
    400,
    "sign-in code (Kratos shows the code field)",
  );
  assertLimited(t, await client().fill("recovery", { method: "code", email: user.email }), "a 4th mail to the address", [841, 900]);
  t.equal((await client().fill("recovery", { method: "code", email: uniqueEmail() })).statusCode, 200, "other addresses get theirs");
});

t.test("mail per IP, across addresses", async (t) => {
  const app = await portal(t, { LIMIT_MAIL_IP: "2/15m" });
  const ip = newIp();
  for (let mail = 1; mail <= 2; mail++) {
    t.equal((await new Client(app, ip).fill("recovery", { method: "code", email: uniqueEmail() })).statusCode, 200);
  }
  assertLimited(
    t,
    await new Client(app, ip).fill("registration", { method: "code", traits: { email: uniqueEmail() } }),
    "a registration code too",
  );
});

t.test("an email change in settings counts as a mail to the new address; a name change does not", async (t) => {
  const app = await portal(t, { LIMIT_MAIL_IP: "1/15m" });
  const user: TestIdentity = await createIdentity(kratos.adminUrl);
  const client = new Client(app, newIp());
  t.equal((await client.signIn(user.email, user.password)).statusCode, 200);
  const save = (traits: object) => client.fill("settings", { method: "profile", traits });
  t.equal((await save({ email: user.email, name: { first: "Ada", last: "L" } })).statusCode, 200, "name");
  t.equal((await save({ email: user.email.toUpperCase(), name: { first: "Ada", last: "Lo" } })).statusCode, 200, "name again");
  const newEmail = uniqueEmail();
  t.equal((await save({ email: newEmail, name: { first: "Ada", last: "Lo" } })).statusCode, 200, "the first email change");
  assertLimited(t, await save({ email: uniqueEmail(), name: { first: "Ada", last: "Lo" } }), "the second");
});

t.test("registration submissions per IP", async (t) => {
  const app = await portal(t, { LIMIT_REGISTRATION_IP: "2/15m" });
  const ip = newIp();
  const register = () =>
    new Client(app, ip).fill("registration", {
      method: "password",
      password: `pw-${uniqueEmail()}`,
      traits: { email: uniqueEmail(), name: { first: "A", last: "B" } },
    });
  for (let attempt = 1; attempt <= 2; attempt++) t.not((await register()).statusCode, 429);
  assertLimited(t, await register(), "the third");
});

t.test("/api per IP", async (t) => {
  const app = await portal(t, { LIMIT_API_IP: "3/1m" });
  const get = (ip: string) => app.inject({ url: "/api/session", headers: { "x-forwarded-for": ip } });
  const ip = newIp();
  for (let request = 1; request <= 3; request++) t.equal((await get(ip)).statusCode, 401);
  assertLimited(t, await get(ip), "the 4th", [1, 60]);
  t.equal((await get(newIp())).statusCode, 401, "another IP is served");
});

t.test("the counters live in the store the app is given", async (t) => {
  const rules: LimitRule[] = [];
  const memory = memoryStore();
  const limiterStore: LimiterStore = {
    ...memory,
    counter(rule) {
      rules.push(rule);
      return memory.counter(rule);
    },
  };
  const app = await build(t, { ...kratos.env, LIMIT_API_IP: "1/1m" }, undefined, { limiterStore });
  t.equal(
    rules.length,
    31,
    "every limit (undo links' too), those per network twice (IPv6 /64 and /48), and the proof of work's turns without script",
  );
  t.ok(rules.some((rule) => rule.keyPrefix === "api-ip" && rule.points === 1 && rule.duration === 60));
  t.equal((await app.inject("/api/session")).statusCode, 401);
  t.equal((await app.inject("/api/session")).statusCode, 429);
});

t.test("the memory store keeps at most its cap of counters per rule, forgetting the least recently used", async (t) => {
  const counter = memoryCounter({ points: 1, duration: 60 }, 2);
  await counter.consume("a");
  await counter.consume("b");
  await t.rejects(counter.consume("a"), "a is over its limit");
  await counter.consume("c");
  await t.rejects(counter.consume("a"), "a, used lately, is still counted");
  await t.resolves(counter.consume("b"), "b, the least recently used, was forgotten");
});

t.test("two portals counting in one Redis (RATE_LIMIT_REDIS_URL)", async (t) => {
  const supervisor = new Supervisor({ echo: false });
  const redis = await startRedis(supervisor);
  t.teardown(async () => {
    await supervisor.stopAll();
    redis.remove();
  });
  const twoPortals = async (env: Env = {}) => {
    const shared = { RATE_LIMIT_REDIS_URL: redis.url, ...env };
    return [await portal(t, shared), await portal(t, shared)] as const;
  };

  t.test("an account locked at one portal is locked at the other", async (t) => {
    const [a, b] = await twoPortals();
    const user = await createIdentity(kratos.adminUrl);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const at = attempt % 2 ? a : b;
      t.equal((await new Client(at, newIp()).signIn(user.email, `wrong-${attempt}`)).statusCode, 400, `wrong password ${attempt}`);
    }
    assertLimited(t, await new Client(a, newIp()).signIn(user.email, "wrong-11"), "the 11th at portal A");
    assertLimited(t, await new Client(b, newIp()).signIn(user.email, user.password), "the right password at portal B");
  });

  t.test("second-factor guesses at one portal count for the account that signed in at the other", async (t) => {
    const [a, b] = await twoPortals({ LIMIT_SECOND_FACTOR: "3/15m" });
    const user = await createIdentity(kratos.adminUrl);
    const setup = new Client(a, newIp());
    t.equal((await setup.signIn(user.email, user.password)).statusCode, 200);
    const secret = await setup.enrolTotp();
    const wrong = wrongTotpOf(secret);
    const guessAtB = async (code: string) => {
      // The first factor at A, then the same cookies at B: a load balancer may send each request anywhere.
      const atA = new Client(a, newIp());
      t.equal((await atA.signIn(user.email, user.password)).statusCode, 422, "first factor at A");
      const atB = new Client(b, atA.ip, { jar: atA.jar });
      return atB.submit("login", await atB.startFlow("login", "?aal=aal2"), { method: "totp", totp_code: code });
    };
    for (let attempt = 1; attempt <= 3; attempt++) t.equal((await guessAtB(wrong)).statusCode, 400, `wrong code ${attempt} at B`);
    assertLimited(t, await guessAtB(totpOf(secret)), "even the right code, from a new session");
  });

  t.test("the portal's own mails to one address count at every portal", async (t) => {
    const [a, b] = await twoPortals({ LIMIT_PORTAL_MAIL_ADDRESS: "3/15m" });
    const address = uniqueEmail("quota");
    for (let i = 0; i < 4; i++) await (i % 2 ? a : b).outbox.send({ to: address, subject: `Quota ${i}`, text: "One of four." });
    // Another case of the address is the same address.
    await a.outbox.send({ to: address.toUpperCase(), subject: "Quota 4", text: "The fifth." });
    for (let i = 0; i < 3; i++) await waitForMail(kratos.mailUrl, address, new RegExp(`Quota ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    t.same(
      (await mailsTo(kratos.mailUrl, address)).map(({ subject }) => subject).sort(),
      ["Quota 0", "Quota 1", "Quota 2"],
      "three of five, whichever portal sent them",
    );
  });

  t.test("without Redis each portal counts in its own memory, and nothing fails", async (t) => {
    const logs = new LogLines();
    const shared = {
      ...kratos.env,
      TRUST_PROXY: "127.0.0.1",
      RATE_LIMIT_REDIS_URL: redis.url,
      LIMIT_SIGN_IN_ACCOUNT: "2/15m",
      CHALLENGE_FROM: "off",
    };
    const a = await build(t, shared, undefined, { logs });
    await supervisor.stop("redis");
    // The portal counts in memory from the moment the connection closes, and says so then.
    const unreachable = "Redis of the abuse limits is unreachable";
    await logs.until(unreachable);
    const user = await createIdentity(kratos.adminUrl);
    for (let attempt = 1; attempt <= 2; attempt++) {
      t.equal((await new Client(a, newIp()).signIn(user.email, "wrong")).statusCode, 400, `wrong password ${attempt}, Redis away`);
    }
    assertLimited(t, await new Client(a, newIp()).signIn(user.email, user.password), "still limited");
    const other = await createIdentity(kratos.adminUrl);
    t.equal((await new Client(a, newIp()).signIn(other.email, other.password)).statusCode, 200, "sign-ins go on");

    await redis.restart();
    await logs.until("Redis of the abuse limits is back");
    const warned = logs.lines.filter((line) => line.includes(unreachable));
    t.equal(warned.length, 1, "the operator is told once, however many reconnections failed meanwhile");
    t.notOk(warned[0]?.includes(redis.url), "without the URL, which may hold a password");
  });
});
