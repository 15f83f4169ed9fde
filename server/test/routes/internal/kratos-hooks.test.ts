// Kratos' web hooks and the security mails: the real Kratos calls the
// portal's internal listener (INTERNAL_PORT, where Kratos' configuration
// points) after a sign-in, a settings change and a recovery; the mails arrive
// at the real mail catcher. The hook route's refusals, that the public port
// never serves it, that its body chooses no recipient, that only verified
// addresses get security mail, within a quota, with devices named from known
// names only; and the outbox's retry across a restart.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Configuration, IdentityApi } from "@ory/client";
import type { FastifyInstance } from "fastify";
import t, { type Test } from "tap";
import { createIdentity, uniqueEmail } from "../../../../testing/identities.js";
import { build, buildInternal, LogLines, type BuildOptions, type Env } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useKratos } from "../../helpers/kratos.js";
import { codeIn, mailsTo, waitForMail } from "../../helpers/mail.js";

const kratos = await useKratos(t);
const kratosAdmin = new IdentityApi(new Configuration({ basePath: kratos.adminUrl }));
const chromeOnLinux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const phishing = "Visit helpdesk.example to unlock your account/1 (x)";
const hookPath = "/internal/kratos-hooks/login";

/** Twelve browser and system pairs, each a device of its own to the new-device rule. */
const newDevices = [
  ["Windows NT 10.0; Win64; x64", "Windows"],
  ["X11; Linux x86_64", "Linux"],
  ["Macintosh; Intel Mac OS X 10_15_7", "macOS"],
].flatMap(([system]) => [
  `Mozilla/5.0 (${system}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`,
  `Mozilla/5.0 (${system}; rv:133.0) Gecko/20100101 Firefox/133.0`,
  `Mozilla/5.0 (${system}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0`,
  `Mozilla/5.0 (${system}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0`,
]);

const hookBody = (identityId: string, email = "ada@example.org") => ({ identity_id: identityId, email });

/** A portal and its internal listener, as serve.ts runs them. */
async function portal(t: Test, env: Env = {}, options: BuildOptions = {}) {
  const config = { ...kratos.env, ...env };
  const app = await build(t, config, undefined, options);
  return { app, internal: await buildInternal(t, app, config) };
}

function callHook(instance: FastifyInstance, secret: string | undefined, payload: object = hookBody(randomUUID()), url = hookPath) {
  return instance.inject({
    method: "POST",
    url,
    headers: secret === undefined ? {} : { authorization: secret },
    payload,
  });
}

/** A moment for a mail that should not come: the outbox sends at once, Kratos' hooks come within a second. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

t.test("the public port never serves Kratos' hooks: only the internal listener does", async (t) => {
  const { app, internal } = await portal(t);
  const user = await createIdentity(kratos.adminUrl, { verified: true });
  for (const event of ["login", "settings", "recovery"]) {
    const url = `/internal/kratos-hooks/${event}`;
    const onPublic = await callHook(app, kratos.hookSecret, hookBody(user.id, user.email), url);
    t.same([onPublic.statusCode, onPublic.json()], [404, { code: "not_found" }], `${event}: 404 on the public port, even with the secret`);
    t.equal((await callHook(internal, kratos.hookSecret, hookBody(user.id, user.email), url)).statusCode, 204, `${event}: heard inside`);
  }
  const proxied = await callHook(app, kratos.hookSecret, {}, `/kratos${hookPath}`);
  t.equal(proxied.statusCode, 404, "nor through the browser's /kratos proxy");
  const other = await internal.inject({ method: "GET", url: "/api/session" });
  t.equal(other.statusCode, 404, "and the internal listener serves nothing else");
});

t.test("the hook route refuses every caller without Kratos' secret, and limits the guesses", async (t) => {
  const { internal } = await portal(t, { LIMIT_HOOK_REFUSALS: "3/15m" });
  t.equal((await callHook(internal, undefined)).statusCode, 401, "no secret");
  t.equal((await callHook(internal, "x".repeat(64))).statusCode, 401, "a wrong one");
  t.equal((await callHook(internal, kratos.hookSecret.slice(0, -1))).statusCode, 401, "almost the right one");
  const limited = await callHook(internal, kratos.hookSecret.slice(1));
  t.equal(limited.statusCode, 429, "the fourth guess from one IP");
  t.ok(limited.headers["retry-after"]);
  t.equal((await callHook(internal, kratos.hookSecret)).statusCode, 204, "Kratos itself is still heard");
  t.equal((await callHook(internal, kratos.hookSecret, { identity_id: "nope" })).statusCode, 400, "a body the portal does not expect");
  const extra = await callHook(internal, kratos.hookSecret, { ...hookBody(randomUUID()), to: "b@y.example" });
  t.same(
    [extra.statusCode, extra.json()],
    [400, { code: "invalid_fields", errors: [{ field: "to", code: "unknown_field" }] }],
    "a field the body does not take",
  );
  t.equal(
    (await callHook(internal, kratos.hookSecret, hookBody(randomUUID()), "/internal/kratos-hooks/registration")).statusCode,
    400,
    "an event it does not know",
  );
});

t.test("without a secret configured, the hook route refuses everything", async (t) => {
  const { internal } = await portal(t, { KRATOS_HOOK_SECRET: "" });
  t.equal((await callHook(internal, "")).statusCode, 401);
  t.equal((await callHook(internal, kratos.hookSecret)).statusCode, 401);
});

t.test("the body chooses no recipient: Kratos' address is mailed, unknown and deleted identities get nothing", async (t) => {
  const logs = new LogLines();
  const { internal } = await portal(t, {}, { logs });
  const strangers = [`a-${randomUUID().slice(0, 8)}@x.example`, `b-${randomUUID().slice(0, 8)}@y.example`];
  const recovery = "/internal/kratos-hooks/recovery";

  const unknown = await callHook(internal, kratos.hookSecret, hookBody(randomUUID(), strangers.join(", ")), recovery);
  t.equal(unknown.statusCode, 204, "Kratos does not wait for the answer anyway");

  const user = await createIdentity(kratos.adminUrl, { verified: true });
  t.equal((await callHook(internal, kratos.hookSecret, hookBody(user.id, strangers[0]), recovery)).statusCode, 204);
  await waitForMail(kratos.mailUrl, user.email, /Your account was recovered/);
  await logs.until("a Kratos hook named another address");
  const mismatch = logs.lines.find((line) => line.includes("a Kratos hook named another address")) ?? "";
  t.notMatch(mismatch, strangers[0], "the log names neither address");
  t.notMatch(mismatch, user.email);

  const deleted = await createIdentity(kratos.adminUrl, { verified: true });
  await kratosAdmin.deleteIdentity({ id: deleted.id });
  t.equal((await callHook(internal, kratos.hookSecret, hookBody(deleted.id, deleted.email), recovery)).statusCode, 204);

  await settle();
  for (const address of [...strangers, deleted.email]) t.same(await mailsTo(kratos.mailUrl, address), [], `nothing to ${address}`);
  t.equal((await mailsTo(kratos.mailUrl, user.email)).length, 1, "the identity's own address, once");
});

/** The portal's internal listener where Kratos' hooks call it (the test stack's INTERNAL_PORT). */
async function listeningPortal(t: Test, env: Env = {}): Promise<FastifyInstance> {
  const { app, internal } = await portal(t, env);
  await internal.listen({ host: "127.0.0.1", port: kratos.internalPort });
  return app;
}

interface Activity {
  events: { type: string; device?: { browser: string; version: string; os: string }; ip?: string; new_device?: boolean }[];
  devices: object[];
}

/** Kratos calls its hooks after answering: wait until the activity shows what it reported. */
async function activityOf(app: FastifyInstance, browser: Browser, count: number): Promise<Activity> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await app.inject({ method: "GET", url: "/api/account/activity", headers: { cookie: browser.cookieHeader() } });
    const body = answer.json<Activity>();
    if (body.events.length >= count || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const newSignIns = async (address: string) => (await mailsTo(kratos.mailUrl, address)).filter((mail) => /New sign-in/.test(mail.subject));

t.test("Kratos' hooks: a new device, a second-factor sign-in mailed once, a password change", async (t) => {
  const app = await listeningPortal(t);
  const user = await createIdentity(kratos.adminUrl, { verified: true });

  const laptop = new Browser(app, { headers: { "user-agent": chromeOnLinux } });
  await laptop.signIn(user.email, user.password);
  let activity = await activityOf(app, laptop, 1);
  t.equal(activity.events[0]?.type, "sign_in");
  t.equal(activity.events[0]?.new_device, false, "the account's first device is not news");

  const secret = await laptop.enrolTotp();
  await waitForMail(kratos.mailUrl, user.email, /A second factor was added/);

  const stranger = new Browser(app, { headers: { "user-agent": firefoxOnWindows } });
  const signedIn = await stranger.signInWithTotp(user.email, user.password, secret);
  t.equal(signedIn.statusCode, 200, "password, then authenticator app");
  const mail = await waitForMail(kratos.mailUrl, user.email, /New sign-in to your account/);
  t.match(mail.text, /Device: Firefox 133 on Windows/);
  t.match(mail.text, /IP address: 127\.0\.0\.1/);
  activity = await activityOf(app, stranger, 4);
  t.same(
    activity.events.map((event) => event.type),
    ["sign_in", "second_factor_added", "sign_in"],
    "newest first; the two factors of one sign-in are one event",
  );
  t.equal(activity.events[0]?.new_device, true);
  t.same(activity.events[0]?.device, { browser: "Firefox", version: "133", os: "Windows" });
  t.same(activity.devices, [
    { browser: "Firefox", version: "", os: "Windows" },
    { browser: "Chrome", version: "", os: "Linux" },
  ]);
  // Kratos called the login hook for the password and again for the code: still one mail.
  await settle();
  t.equal((await newSignIns(user.email)).length, 1, "one mail");

  const flow = await laptop.startFlow("settings");
  const changed = await laptop.submit("settings", flow, { method: "password", password: `new-${user.password}` });
  t.equal(changed.statusCode, 200);
  const passwordMail = await waitForMail(kratos.mailUrl, user.email, /Your password was changed/);
  t.match(passwordMail.text, /If this was not you/);
});

t.test("an address nobody verified gets no security mail, however many new browsers sign in", async (t) => {
  const app = await listeningPortal(t);
  const victim = uniqueEmail("victim");
  const password = `pw-${randomUUID()}`;
  const attacker = new Browser(app, { headers: { "user-agent": chromeOnLinux } });
  const registered = await attacker.submit("registration", await attacker.startFlow("registration"), {
    method: "password",
    password,
    traits: { email: victim, name: { first: "Not", last: "Victim" } },
  });
  t.equal(registered.statusCode, 200, "signed up with someone else's address; nobody verifies it");
  let last = attacker;
  for (const userAgent of newDevices) {
    last = new Browser(app, { headers: { "user-agent": userAgent } });
    t.equal((await last.signIn(victim, password)).statusCode, 200);
  }
  const activity = await activityOf(app, last, newDevices.length);
  t.equal(activity.events.filter((event) => event.new_device).length, newDevices.length - 1, "eleven new devices, on record");
  const flow = await last.startFlow("settings");
  t.equal((await last.submit("settings", flow, { method: "password", password: `new-${password}` })).statusCode, 200);
  await activityOf(app, last, newDevices.length + 1);
  await settle();
  t.same(await newSignIns(victim), [], "no new-sign-in mail");
  t.same(
    (await mailsTo(kratos.mailUrl, victim)).filter((mail) => /password/i.test(mail.subject)),
    [],
    "no password mail",
  );
});

t.test("a verified address gets the portal's mails up to its quota, then none", async (t) => {
  const app = await listeningPortal(t, { LIMIT_PORTAL_MAIL_ADDRESS: "3/15m" });
  const user = await createIdentity(kratos.adminUrl, { verified: true });
  let last: Browser | undefined;
  for (const userAgent of newDevices) {
    last = new Browser(app, { headers: { "user-agent": userAgent } });
    t.equal((await last.signIn(user.email, user.password)).statusCode, 200);
  }
  await activityOf(app, last!, newDevices.length);
  await settle();
  t.equal((await newSignIns(user.email)).length, 3, "eleven new devices, three mails");
});

t.test("a device is named from known names only: a user agent's own words reach no mail and no page", async (t) => {
  const app = await listeningPortal(t);
  const user = await createIdentity(kratos.adminUrl, { verified: true });
  const own = new Browser(app, { headers: { "user-agent": chromeOnLinux } });
  await own.signIn(user.email, user.password);
  await activityOf(app, own, 1);

  const attacker = new Browser(app, { headers: { "user-agent": phishing } });
  t.equal((await attacker.signIn(user.email, user.password)).statusCode, 200);
  const mail = await waitForMail(kratos.mailUrl, user.email, /New sign-in to your account/);
  t.match(mail.text, /Device: an unknown browser on an unknown system/);
  t.notMatch(mail.text, /helpdesk|unlock/);

  await activityOf(app, own, 2);
  const page = await app.inject({ method: "GET", url: "/api/account/activity", headers: { cookie: own.cookieHeader() } });
  t.notMatch(page.body, /helpdesk|unlock/, "nor the activity the account's page shows");
  t.same(page.json<Activity>().events[0]?.device, { browser: "", version: "", os: "" });
});

t.test("a mail that cannot be sent waits in the outbox, across a restart, until it can", async (t) => {
  const stateDir = mkdtempSync(join(tmpdir(), "portal-outbox-"));
  t.teardown(() => {
    rmSync(stateDir, { recursive: true, force: true });
  });
  const address = `outbox-${Date.now()}@example.org`;
  // Nothing listens on port 9 of the loopback: every attempt fails.
  const down = await build(
    t,
    { ...kratos.env, PORTAL_STATE_DIR: stateDir, SMTP_URI: "smtp://127.0.0.1:9/?disable_starttls=true" },
    undefined,
    {
      outboxOptions: { firstDelayMs: 50, pollMs: 100 },
    },
  );
  await down.outbox.send({ to: address, subject: "Kept for later", text: "Sent once the server is back." });
  await down.outbox.flush();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await down.outbox.flush();
  t.same(await mailsTo(kratos.mailUrl, address), [], "not sent while the SMTP server is away");
  await down.close();

  const back = await build(t, { ...kratos.env, PORTAL_STATE_DIR: stateDir }, undefined, {
    outboxOptions: { firstDelayMs: 50, pollMs: 100 },
  });
  const mail = await waitForMail(kratos.mailUrl, address, /Kept for later/);
  t.equal(mail.text.trim(), "Sent once the server is back.", "the restarted portal sends it");
  await back.outbox.flush();
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.equal((await mailsTo(kratos.mailUrl, address)).length, 1, "once");
});

t.test("Kratos' hooks: a new address is mailed to the old one (the new one once verified); a recovery is mailed", async (t) => {
  const app = await listeningPortal(t);
  const user = await createIdentity(kratos.adminUrl, { verified: true });
  const browser = new Browser(app, { headers: { "user-agent": chromeOnLinux } });
  await browser.signIn(user.email, user.password);
  await activityOf(app, browser, 1);

  const newAddress = `moved-${user.email}`;
  const flow = await browser.startFlow("settings");
  const saved = await browser.submit("settings", flow, {
    method: "profile",
    traits: { email: newAddress, name: { first: "Test", last: "User" } },
  });
  t.equal(saved.statusCode, 200);
  const mail = await waitForMail(kratos.mailUrl, user.email, /Your email address was changed/);
  t.match(mail.text, `from ${user.email} to ${newAddress}`, "to the old address");

  const recovering = new Browser(app, { headers: { "user-agent": chromeOnLinux } });
  const recovery = await recovering.startFlow("recovery");
  t.equal((await recovering.submit("recovery", recovery, { method: "code", email: newAddress })).statusCode, 200);
  const code = codeIn(await waitForMail(kratos.mailUrl, newAddress, /recover/i));
  const recovered = await recovering.submit("recovery", recovery, { method: "code", code });
  t.equal(recovered.statusCode, 422, "Kratos sends the recovered user on to the settings");
  const recoveredMail = await waitForMail(kratos.mailUrl, newAddress, /Your account was recovered/);
  t.match(recoveredMail.text, /with a recovery code/, "the code proved the new address: Kratos verified it");
  const { events } = await activityOf(app, browser, 3);
  t.same(
    events.map((event) => event.type),
    ["recovery_used", "email_changed", "sign_in"],
  );
  t.same(
    (await mailsTo(kratos.mailUrl, newAddress)).filter((m) => /email address was changed/.test(m.subject)),
    [],
    "the new address was not verified when it changed",
  );
});

t.test("an invitee's sign-in by the accepted link and first password mail no alarm; hours later they would", async (t) => {
  const { internal } = await portal(t);
  const invitation = (acceptedAt: Date) => ({
    invitation: { token_hash: "x", expires_at: acceptedAt.toISOString(), accepted_at: acceptedAt.toISOString() },
  });
  /** A verified account without a password, invited and accepted at that time; its recovery, then a password set. */
  async function recoversThenSetsPassword(acceptedAt: Date) {
    const email = uniqueEmail("invitee");
    const { id } = (
      await kratosAdmin.createIdentity({
        createIdentityBody: {
          schema_id: "default",
          traits: { email },
          metadata_admin: invitation(acceptedAt),
          verifiable_addresses: [{ value: email, via: "email", verified: true, status: "completed" }],
        },
      })
    ).data;
    t.equal((await callHook(internal, kratos.hookSecret, hookBody(id, email), "/internal/kratos-hooks/recovery")).statusCode, 204);
    const { data } = await kratosAdmin.getIdentity({ id });
    await kratosAdmin.updateIdentity({
      id,
      updateIdentityBody: {
        schema_id: data.schema_id,
        traits: data.traits as object,
        state: "active",
        metadata_admin: data.metadata_admin,
        credentials: { password: { config: { password: `pw-${randomUUID()}` } } },
      },
    });
    t.equal((await callHook(internal, kratos.hookSecret, hookBody(id, email), "/internal/kratos-hooks/settings")).statusCode, 204);
    return email;
  }

  const invitee = await recoversThenSetsPassword(new Date());
  const earlier = await recoversThenSetsPassword(new Date(Date.now() - 2 * 3_600_000));
  await waitForMail(kratos.mailUrl, earlier, /Your password was changed/);
  await settle();
  t.same(
    (await mailsTo(kratos.mailUrl, earlier)).map((mail) => mail.subject).sort(),
    ["Your account was recovered", "Your password was changed"],
    "an invitation accepted hours ago is no reason to keep quiet",
  );
  t.same(await mailsTo(kratos.mailUrl, invitee), [], "the invitee just accepting gets neither");
});
