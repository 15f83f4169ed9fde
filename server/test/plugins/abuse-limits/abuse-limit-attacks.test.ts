// The abuse limits against an attacker who has read the portal's code and
// Kratos': each test sends one such attack to the real Kratos through the
// portal, and asserts that it is refused or counted (the limits:
// docs/security.md). The numbers in the titles are a review's findings.
import type { LightMyRequestResponse } from "fastify";
import t from "tap";
import { createIdentity, uniqueEmail } from "../../../../testing/identities.js";
import { csrfToken } from "../../../../testing/kratos-browser.js";
import { memoryStore, type LimiterStore } from "../../../src/state/limit-stores.js";
import { build, portalOriginOf, type Env } from "../../helpers/build.js";
import { useKratos } from "../../helpers/kratos.js";
import { assertAmbiguous, assertLimited, Client, limitedPortal, newIp, totpOf, wrongTotpOf } from "../../helpers/limits.js";

const kratos = await useKratos(t);
const portal = (t: Parameters<typeof limitedPortal>[0], env: Env = {}) => limitedPortal(t, kratos, env);

/** Kratos judged the submission (its own 400, 422 or 200), rather than the portal refusing it. */
const reachedKratos = (response: LightMyRequestResponse) =>
  response.statusCode !== 429 && !(response.statusCode === 400 && response.json<{ code?: string }>().code === "ambiguous_request");

/** A login form of the browser's own flow, posted with the body given as is. */
async function postLoginForm(client: Client, body: (csrf: string) => string, query = ""): Promise<LightMyRequestResponse> {
  const flow = await client.startFlow("login");
  return client.app.inject({
    method: "POST",
    url: `/kratos/self-service/login?flow=${flow.id}${query}`,
    payload: body(encodeURIComponent(csrfToken(flow))),
    headers: {
      "x-forwarded-for": client.ip,
      origin: portalOriginOf(client.app),
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      cookie: client.cookieHeader(),
    },
  });
}

t.test("1: a form naming many identifiers is refused, and locks none of them", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "3/15m" });
  const victims = await Promise.all([1, 2, 3].map(() => createIdentity(kratos.adminUrl)));
  const attacker = new Client(app, newIp());
  for (let attempt = 1; attempt <= 4; attempt++) {
    const many = await postLoginForm(
      attacker,
      (csrf) =>
        `method=password&csrf_token=${csrf}&password=x&${victims.map((v) => `identifier=${encodeURIComponent(v.email)}`).join("&")}`,
    );
    assertAmbiguous(t, many, `form ${attempt} with ${victims.length} identifiers`);
  }
  for (const victim of victims) {
    t.equal((await new Client(app, newIp()).signIn(victim.email, victim.password)).statusCode, 200, "the victim signs in");
  }
});

t.test("1: only the identifier Kratos signs in with is charged (identifier before password_identifier)", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "2/15m" });
  const victim = await createIdentity(kratos.adminUrl);
  for (let attempt = 1; attempt <= 4; attempt++) {
    const other = uniqueEmail("nobody");
    const response = await new Client(app, newIp()).fill("login", {
      method: "password",
      identifier: other,
      password_identifier: victim.email,
      password: "wrong",
    });
    t.equal(response.statusCode, 400, `guess ${attempt} is Kratos' own answer, for the identifier it read`);
  }
  t.equal((await new Client(app, newIp()).signIn(victim.email, victim.password)).statusCode, 200, "the victim was never charged");
});

t.test("1: refused requests leave nothing in the store", async (t) => {
  const live = new Set<string>();
  const memory = memoryStore();
  const limiterStore: LimiterStore = {
    ...memory,
    counter(rule) {
      const counter = memory.counter(rule);
      return {
        consume: (key) => {
          live.add(`${rule.keyPrefix}:${key}`);
          return counter.consume(key);
        },
        reward: (key) => counter.reward(key),
        delete: (key) => {
          live.delete(`${rule.keyPrefix}:${key}`);
          return counter.delete(key);
        },
        spentUntil: (key) => counter.spentUntil(key),
      };
    },
  };
  const app = await build(t, { ...kratos.env, TRUST_PROXY: "127.0.0.1", LIMIT_SIGN_IN_IP: "1/15m", CHALLENGE_FROM: "off" }, undefined, {
    limiterStore,
  });
  const ip = newIp();
  t.equal((await new Client(app, ip).signIn(uniqueEmail(), "wrong")).statusCode, 400, "the one wrong password the IP may send");
  const kept = new Set(live);
  for (let attempt = 1; attempt <= 5; attempt++) {
    t.equal((await new Client(app, ip).signIn(uniqueEmail(), "wrong")).statusCode, 429, `over the IP's limit, account ${attempt}`);
    assertAmbiguous(
      t,
      await new Client(app, ip).fill("login", { method: "password", IDENTIFIER: uniqueEmail(), password: "x" }),
      "an ambiguous one",
    );
  }
  t.same([...live].sort(), [...kept].sort(), "no key was added by the refused requests");
});

t.test("2: signing in to one's own account with the victim's address beside it does not clear the victim's count", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "3/15m" });
  const victim = await createIdentity(kratos.adminUrl);
  const attacker = await createIdentity(kratos.adminUrl);
  const guess = () => new Client(app, newIp()).signIn(victim.email, "wrong");
  for (let round = 1; round <= 2; round++) {
    t.equal((await guess()).statusCode, 400, `round ${round}: a wrong password for the victim`);
    const own = new Client(app, newIp());
    const query = `&identifier=${encodeURIComponent(victim.email)}`;
    const flow = await own.startFlow("login");
    const signedIn = await own.request("POST", `/kratos/self-service/login?flow=${flow.id}${query}`, {
      method: "password",
      identifier: attacker.email,
      password_identifier: victim.email,
      password: attacker.password,
      csrf_token: csrfToken(flow),
    });
    t.equal(signedIn.statusCode, 200, `round ${round}: the attacker signs in to their own account, the victim named beside it`);
  }
  t.equal((await guess()).statusCode, 400, "the third wrong password");
  assertLimited(t, await guess(), "the fourth: nothing cleared the victim's count");
});

t.test("2: wrong codes of the attacker's own second factor never count against an account named beside it", async (t) => {
  const app = await portal(t, { LIMIT_SECOND_FACTOR: "3/15m" });
  const victim = await createIdentity(kratos.adminUrl);
  const attacker = await createIdentity(kratos.adminUrl);
  const victimSecret = await (async () => {
    const setup = new Client(app, newIp());
    t.equal((await setup.signIn(victim.email, victim.password)).statusCode, 200);
    return setup.enrolTotp();
  })();
  const setup = new Client(app, newIp());
  t.equal((await setup.signIn(attacker.email, attacker.password)).statusCode, 200);
  const attackerSecret = await setup.enrolTotp();

  for (let attempt = 1; attempt <= 4; attempt++) {
    const client = new Client(app, newIp());
    const first = await client.fill("login", {
      method: "password",
      identifier: attacker.email,
      password_identifier: victim.email,
      password: attacker.password,
    });
    t.equal(first.statusCode, 422, "the attacker's first factor");
    const second = await client.submit("login", await client.startFlow("login", "?aal=aal2"), {
      method: "totp",
      totp_code: wrongTotpOf(attackerSecret),
    });
    t.equal(second.statusCode, attempt <= 3 ? 400 : 429, `the attacker's wrong code ${attempt}`);
  }
  const owner = new Client(app, newIp());
  t.equal(
    (await owner.signInWithTotp(victim.email, victim.password, victimSecret)).statusCode,
    200,
    "the victim's second factor is not locked",
  );
});

/** Signs in with the password at aal1 (the account has a second factor); the client then holds the session cookie. */
async function firstFactor(t: Parameters<typeof portal>[0], client: Client, email: string, password: string): Promise<void> {
  t.equal((await client.signIn(email, password)).statusCode, 422, "first factor, on to the second");
}

/** A TOTP submission with the Cookie header rewritten. */
async function totpWithCookie(client: Client, code: string, cookie: (header: string) => string): Promise<LightMyRequestResponse> {
  const flow = await client.startFlow("login", "?aal=aal2");
  return client.app.inject({
    method: "POST",
    url: `/kratos/self-service/login?flow=${flow.id}`,
    payload: { method: "totp", totp_code: code, csrf_token: csrfToken(flow) },
    headers: {
      "x-forwarded-for": client.ip,
      origin: portalOriginOf(client.app),
      accept: "application/json",
      cookie: cookie(client.cookieHeader()),
    },
  });
}

t.test("3: the second-factor count reads the session cookie Kratos reads", async (t) => {
  const app = await portal(t, { LIMIT_SECOND_FACTOR: "3/15m" });
  const user = await createIdentity(kratos.adminUrl);
  const setup = new Client(app, newIp());
  t.equal((await setup.signIn(user.email, user.password)).statusCode, 200);
  const secret = await setup.enrolTotp();

  let judged = 0;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const client = new Client(app, newIp());
    await firstFactor(t, client, user.email, user.password);
    // Go skips the first pair (a quote is not a cookie byte) and reads the second.
    const decoy = await totpWithCookie(client, wrongTotpOf(secret), (header) => `ory_kratos_session=j"${attempt}x; ${header}`);
    if (reachedKratos(decoy)) judged += 1;
    // Go trims the space before "=": Kratos reads this cookie.
    const spaced = await totpWithCookie(client, wrongTotpOf(secret), (header) =>
      header.replace("ory_kratos_session=", "ory_kratos_session ="),
    );
    if (reachedKratos(spaced)) judged += 1;
  }
  t.ok(judged <= 3, `Kratos judged ${judged} wrong codes, at most the limit of 3`);
  const owner = new Client(app, newIp());
  await firstFactor(t, owner, user.email, user.password);
  t.equal((await totpWithCookie(owner, totpOf(secret), (header) => header)).statusCode, 429, "the account's second factor is locked");
});

t.test("4: identifiers are trimmed and lower-cased as Go does (NEL, U+0085, is space to Go)", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "3/15m", LIMIT_MAIL_ADDRESS: "2/15m" });
  const user = await createIdentity(kratos.adminUrl);
  for (let k = 1; k <= 3; k++) {
    t.equal((await new Client(app, newIp()).signIn(`${"\u0085".repeat(k)}${user.email}\u2003`, "wrong")).statusCode, 400, `variant ${k}`);
  }
  assertLimited(t, await new Client(app, newIp()).signIn(`\u0085\u0085\u0085\u0085${user.email}`, user.password), "a fourth variant");
  for (let k = 1; k <= 2; k++) {
    const sent = await new Client(app, newIp()).fill("recovery", {
      method: "code",
      email: `${"\u0085".repeat(k)}${user.email.toUpperCase()}`,
    });
    t.equal(sent.statusCode, 200, `recovery mail ${k}`);
  }
  assertLimited(
    t,
    await new Client(app, newIp()).fill("recovery", { method: "code", email: `\u0085\u0085\u0085${user.email}` }),
    "a third recovery mail to the same address",
  );
});

t.test("5: the sign-in code's address field is counted like its identifier", async (t) => {
  const app = await portal(t, { LIMIT_MAIL_ADDRESS: "3/15m" });
  const user = await createIdentity(kratos.adminUrl);
  for (let mail = 1; mail <= 3; mail++) {
    t.equal(
      (await new Client(app, newIp()).fill("login", { method: "code", address: user.email })).statusCode,
      400,
      `code ${mail}: Kratos mailed it`,
    );
  }
  assertLimited(t, await new Client(app, newIp()).fill("login", { method: "code", address: user.email }), "a fourth");
  assertLimited(
    t,
    await new Client(app, newIp()).fill("login", { method: "code", identifier: user.email, code: "000000" }),
    "a made-up code on a new flow, which Kratos would answer with a mail",
  );
  assertAmbiguous(
    t,
    await new Client(app, newIp()).fill("login", { method: "code", identifier: uniqueEmail(), address: user.email }),
    "two different addresses",
  );
});

t.test("6: the owner signs in from a browser they used before while the account is locked for everyone else", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_ACCOUNT: "3/15m", LIMIT_SIGN_IN_DEVICE: "2/15m" });
  const owner = await createIdentity(kratos.adminUrl);
  const home = new Client(app, newIp());
  t.equal((await home.signIn(owner.email, owner.password)).statusCode, 200, "the owner signs in at home");
  t.equal((await home.signOut()).statusCode, 204, "and signs out");

  for (let attempt = 1; attempt <= 3; attempt++) {
    t.equal((await new Client(app, newIp()).signIn(owner.email, `guess-${attempt}`)).statusCode, 400, `attacker guess ${attempt}`);
  }
  assertLimited(t, await new Client(app, newIp()).signIn(owner.email, owner.password), "a browser never used by the owner is locked");
  t.equal((await home.signIn(owner.email, "typo")).statusCode, 400, "the owner's typo at home is Kratos' answer");
  t.equal((await home.signIn(owner.email, owner.password)).statusCode, 200, "the owner signs in at home during the attack");

  t.equal((await home.signOut()).statusCode, 204);
  for (let attempt = 1; attempt <= 2; attempt++)
    t.equal((await home.signIn(owner.email, "wrong")).statusCode, 400, `wrong at home ${attempt}`);
  assertLimited(t, await home.signIn(owner.email, owner.password), "the known browser has a smaller limit of its own");
});

t.test("6: recovery mails stay open to the owner's browser when an attacker used up the address's quota", async (t) => {
  const app = await portal(t, { LIMIT_MAIL_ADDRESS: "2/15m" });
  const owner = await createIdentity(kratos.adminUrl);
  const home = new Client(app, newIp());
  t.equal((await home.signIn(owner.email, owner.password)).statusCode, 200);
  t.equal((await home.signOut()).statusCode, 204);
  for (let mail = 1; mail <= 2; mail++) {
    t.equal(
      (await new Client(app, newIp()).fill("recovery", { method: "code", email: owner.email })).statusCode,
      200,
      `attacker's mail ${mail}`,
    );
  }
  assertLimited(t, await new Client(app, newIp()).fill("recovery", { method: "code", email: owner.email }), "elsewhere: used up");
  t.equal((await home.fill("recovery", { method: "code", email: owner.email })).statusCode, 200, "the owner's browser still gets its code");
});

t.test("7: new flows are limited per client network, the app's page and Kratos' alike", async (t) => {
  const app = await portal(t, { LIMIT_FLOW_IP: "3/15m" });
  const ip = newIp();
  const client = new Client(app, ip);
  await client.startFlow("login");
  await client.startFlow("registration");
  const page = await app.inject({ url: "/recovery", headers: { "x-forwarded-for": ip } });
  t.equal(page.statusCode, 200, "the third: the recovery page with its flow");
  t.match(page.body, /"kind":"recovery"/);

  const overJson = await app.inject({
    url: "/kratos/self-service/login/browser",
    headers: { "x-forwarded-for": ip, accept: "application/json" },
  });
  assertLimited(t, overJson, "the app's own request for a flow");
  const overPage = await app.inject({ url: "/login?return_to=http%3A%2F%2Flocalhost%3A3000%2F", headers: { "x-forwarded-for": ip } });
  t.equal(overPage.statusCode, 200, "the page still opens");
  t.notMatch(overPage.body, /"flow":/, "without a flow: the app asks for it and shows the wait");
  const navigated = await app.inject({
    url: "/kratos/self-service/registration/browser?return_to=x",
    headers: { "x-forwarded-for": ip, accept: "text/html" },
  });
  t.equal(navigated.statusCode, 303, "a browser that navigated there");
  t.match(navigated.headers.location, /\/registration\?return_to=x$/, "is sent to the app's page");
  t.equal(
    (await app.inject({ url: "/kratos/self-service/login/browser", headers: { "x-forwarded-for": newIp(), accept: "application/json" } }))
      .statusCode,
    200,
    "another network is not",
  );
});

t.test("8: IPv6 counts per /64 and, with 16 times the budget, per /48", async (t) => {
  const app = await portal(t, { LIMIT_SIGN_IN_IP: "1/15m" });
  const user = await createIdentity(kratos.adminUrl);
  for (let network = 1; network <= 16; network++) {
    const ip = `2001:db8:7:${network.toString(16)}::1`;
    t.equal((await new Client(app, ip).signIn(uniqueEmail(), "wrong")).statusCode, 400, `a wrong password from /64 number ${network}`);
  }
  assertLimited(t, await new Client(app, "2001:db8:7:ff::1").signIn(user.email, user.password), "a 17th /64 of the /48");
  t.equal((await new Client(app, "2001:db8:8::1").signIn(user.email, user.password)).statusCode, 200, "another /48 is not");
});

t.test("8: a session the portal did not see sign in still counts for its account", async (t) => {
  // Portal A sees the first factors; portal B, with a memory of its own, sees only the second factors: as if
  // the attacker had flushed B's memory of sessions, or B had restarted.
  const a = await portal(t);
  const b = await portal(t, { LIMIT_SECOND_FACTOR: "3/15m" });
  const user = await createIdentity(kratos.adminUrl);
  const setup = new Client(a, newIp());
  t.equal((await setup.signIn(user.email, user.password)).statusCode, 200);
  const secret = await setup.enrolTotp();
  const guessAtB = async (code: string) => {
    const atA = new Client(a, newIp());
    await firstFactor(t, atA, user.email, user.password);
    const atB = new Client(b, atA.ip, { jar: atA.jar });
    return atB.submit("login", await atB.startFlow("login", "?aal=aal2"), { method: "totp", totp_code: code });
  };
  for (let attempt = 1; attempt <= 3; attempt++) t.equal((await guessAtB(wrongTotpOf(secret))).statusCode, 400, `wrong code ${attempt}`);
  assertLimited(t, await guessAtB(totpOf(secret)), "a fourth, from yet another new session");
});
