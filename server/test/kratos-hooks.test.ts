// Kratos' web hooks and the security mails: the real Kratos calls the portal
// (listening where Kratos' configuration says) after a sign-in, a settings
// change and a recovery; the mails arrive at the real mail catcher. And the
// hook route's refusals, and the outbox's retry across a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import t, { type Test } from "tap";
import { createIdentity } from "../../stack/testing/identities.js";
import { build, type Env } from "./helpers/build.js";
import { Browser } from "./helpers/browser.js";
import { useKratos } from "./helpers/kratos.js";
import { codeIn, mailsTo, waitForMail } from "./helpers/mail.js";

const kratos = await useKratos(t);
const chromeOnLinux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const hookPath = "/internal/kratos-hooks/login";

const hookBody = (identityId: string) => ({
  identity_id: identityId,
  email: "ada@example.org",
});

function callHook(
  app: FastifyInstance,
  secret: string | undefined,
  payload: object = hookBody("6c3f1e3e-8d7b-4a43-9a55-3b0c8a7f9e10"),
  url = hookPath,
) {
  return app.inject({
    method: "POST",
    url,
    headers: secret === undefined ? {} : { "x-portal-hook-secret": secret },
    payload,
  });
}

t.test("the hook route refuses every caller without Kratos' secret, and limits the guesses", async (t) => {
  const app = await build(t, { ...kratos.env, LIMIT_HOOK_REFUSALS: "3/15m" });
  t.equal((await callHook(app, undefined)).statusCode, 401, "no secret");
  t.equal((await callHook(app, "x".repeat(64))).statusCode, 401, "a wrong one");
  t.equal((await callHook(app, kratos.hookSecret.slice(0, -1))).statusCode, 401, "almost the right one");
  const limited = await callHook(app, kratos.hookSecret.slice(1));
  t.equal(limited.statusCode, 429, "the fourth guess from one IP");
  t.ok(limited.headers["retry-after"]);
  t.equal((await callHook(app, kratos.hookSecret)).statusCode, 204, "Kratos itself is still heard");
  t.equal((await callHook(app, kratos.hookSecret, { identity_id: "nope" })).statusCode, 400, "a body the portal does not expect");
  t.equal(
    (await callHook(app, kratos.hookSecret, hookBody("6c3f1e3e-8d7b-4a43-9a55-3b0c8a7f9e10"), "/internal/kratos-hooks/registration"))
      .statusCode,
    400,
    "an event it does not know",
  );
  const proxied = await app.inject({
    method: "POST",
    url: `/kratos${hookPath}`,
    headers: { "x-portal-hook-secret": kratos.hookSecret },
    payload: {},
  });
  t.equal(proxied.statusCode, 404, "not through the browser's /kratos proxy either");
});

t.test("without a secret configured, the hook route refuses everything", async (t) => {
  const app = await build(t, { ...kratos.env, KRATOS_HOOK_SECRET: "" });
  t.equal((await callHook(app, "")).statusCode, 401);
  t.equal((await callHook(app, kratos.hookSecret)).statusCode, 401);
});

/** The portal listening where Kratos' hooks call it (the test stack's portal port). */
async function listeningPortal(t: Test, env: Env = {}): Promise<FastifyInstance> {
  const app = await build(t, { ...kratos.env, ...env });
  await app.listen({ host: "127.0.0.1", port: kratos.portalPort });
  return app;
}

/** Kratos calls its hooks after answering: wait until the activity shows what it reported. */
async function activityOf(app: FastifyInstance, browser: Browser, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await app.inject({ method: "GET", url: "/api/account/activity", headers: { cookie: browser.cookieHeader() } });
    const body = answer.json<{ events: { type: string; user_agent?: string; new_device?: boolean }[]; devices: object[] }>();
    if (body.events.length >= count || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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
  t.match(mail.text, /Firefox on Windows/);
  t.match(mail.text, /IP address: 127\.0\.0\.1/);
  activity = await activityOf(app, stranger, 4);
  t.same(
    activity.events.map((event) => event.type),
    ["sign_in", "second_factor_added", "sign_in"],
    "newest first; the two factors of one sign-in are one event",
  );
  t.equal(activity.events[0]?.new_device, true);
  t.same(activity.devices, [
    { browser: "Chrome", os: "Linux" },
    { browser: "Firefox", os: "Windows" },
  ]);
  // Kratos called the login hook for the password and again for the code: still one mail.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.equal((await mailsTo(kratos.mailUrl, user.email)).filter((m) => /New sign-in/.test(m.subject)).length, 1, "one mail");

  const flow = await laptop.startFlow("settings");
  const changed = await laptop.submit("settings", flow, { method: "password", password: `new-${user.password}` });
  t.equal(changed.statusCode, 200);
  const passwordMail = await waitForMail(kratos.mailUrl, user.email, /Your password was changed/);
  t.match(passwordMail.text, /If this was not you/);
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

t.test("Kratos' hooks: a new address is mailed to the old one too; a recovery is mailed", async (t) => {
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
  for (const to of [user.email, newAddress]) {
    const mail = await waitForMail(kratos.mailUrl, to, /Your email address was changed/);
    t.match(mail.text, `from ${user.email} to ${newAddress}`, `to ${to === user.email ? "the old" : "the new"} address`);
  }

  const recovering = new Browser(app, { headers: { "user-agent": chromeOnLinux } });
  const recovery = await recovering.startFlow("recovery");
  t.equal((await recovering.submit("recovery", recovery, { method: "code", email: newAddress })).statusCode, 200);
  const code = codeIn(await waitForMail(kratos.mailUrl, newAddress, /recover/i));
  const recovered = await recovering.submit("recovery", recovery, { method: "code", code });
  t.equal(recovered.statusCode, 422, "Kratos sends the recovered user on to the settings");
  const mail = await waitForMail(kratos.mailUrl, newAddress, /Your account was recovered/);
  t.match(mail.text, /with a recovery code/);
  const { events } = await activityOf(app, browser, 3);
  t.same(
    events.map((event) => event.type),
    ["recovery_used", "email_changed", "sign_in"],
  );
});
