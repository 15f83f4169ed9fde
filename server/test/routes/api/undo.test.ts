// /api/undo: a security mail's undo link (server/src/services/undo.ts) with
// the real Kratos, its hooks on the portal's internal listener and the real
// mail catcher. The link goes only to the address before the change; reading
// it changes nothing; confirming sets the address back, signs the account out
// everywhere, removes the second factor added since, replaces the password
// and mails Kratos' recovery code to the restored address, once. An undo
// spends the links of later changes (an attacker's) and leaves earlier ones;
// the route's refusals: foreign origin, malformed, unknown, expired, guesses.
import { randomBytes, randomUUID } from "node:crypto";
import { Configuration, IdentityApi } from "@ory/client";
import type { FastifyInstance } from "fastify";
import t, { type Test } from "tap";
import { createIdentity, uniqueEmail } from "../../../../testing/identities.js";
import { apiCaller } from "../../helpers/api.js";
import { build, buildInternal, type Env } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useKratos } from "../../helpers/kratos.js";
import { codeIn, mailsTo, waitForMail } from "../../helpers/mail.js";

const kratos = await useKratos(t);
const origin = kratos.env.PORTAL_ORIGIN!;
const kratosAdmin = new IdentityApi(new Configuration({ basePath: kratos.adminUrl }));

/** A portal whose internal listener hears Kratos' hooks (the port Kratos' configuration names); one at a time. */
async function listeningPortal(t: Test, env: Env = {}): Promise<FastifyInstance> {
  const config = { ...kratos.env, ...env };
  const app = await build(t, config);
  const internal = await buildInternal(t, app, config);
  await internal.listen({ host: "127.0.0.1", port: kratos.internalPort });
  return app;
}

/** The undo token in the newest mail to the address whose subject matches. */
async function undoTokenIn(address: string, subject: RegExp): Promise<string> {
  const mail = await waitForMail(kratos.mailUrl, address, subject);
  const link = /https?:\/\/\S+\/undo\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no undo link in "${mail.subject}" to ${address}`);
  return new URL(link).searchParams.get("token")!;
}

async function changeAddress(browser: Browser, email: string): Promise<void> {
  const flow = await browser.startFlow("settings");
  const saved = await browser.submit("settings", flow, { method: "profile", traits: { email, name: { first: "Test", last: "User" } } });
  if (saved.statusCode !== 200) throw new Error(`the address change answered ${saved.statusCode}`);
}

async function changePassword(browser: Browser, password: string): Promise<void> {
  const flow = await browser.startFlow("settings");
  const saved = await browser.submit("settings", flow, { method: "password", password });
  if (saved.statusCode !== 200) throw new Error(`the password change answered ${saved.statusCode}`);
}

/** Marks the identity's current address verified, as the attacker would by Kratos' verification code. */
async function verifyCurrentAddress(id: string): Promise<void> {
  const { data } = await kratosAdmin.getIdentity({ id });
  const index = (data.verifiable_addresses ?? []).findIndex((address) => address.value === (data.traits as { email: string }).email);
  await kratosAdmin.patchIdentity({ id, jsonPatch: [{ op: "replace", path: `/verifiable_addresses/${index}/verified`, value: true }] });
}

/** Kratos calls its hooks after answering: waits until the sign-in is recorded, so that later changes compare with it. */
async function signedInAs(app: FastifyInstance, browser: Browser, user: { id: string; email: string; password: string }) {
  await browser.signIn(user.email, user.password);
  const deadline = Date.now() + 20_000;
  while ((await app.state.activity.list(user.id)).length === 0) {
    if (Date.now() > deadline) throw new Error("the sign-in hook did not come");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const emailOf = async (id: string) => ((await kratosAdmin.getIdentity({ id })).data.traits as { email: string }).email;

t.test("an attacker's new address and TOTP are undone from the old address's mail, once", async (t) => {
  const app = await listeningPortal(t);
  const call = apiCaller(origin, app);
  const owner = await createIdentity(kratos.adminUrl, { verified: true });
  const attacker = new Browser(app);
  await signedInAs(app, attacker, owner);
  const stolen = uniqueEmail("attacker");
  await changeAddress(attacker, stolen);
  const token = await undoTokenIn(owner.email, /Your email address was changed/);
  const totpSecret = await attacker.enrolTotp();
  t.ok(totpSecret, "the attacker added an authenticator app after the change");

  // Reading, as a mail scanner would, twice: nothing changes.
  for (const read of [1, 2]) {
    const view = await call("GET", `/api/undo?token=${token}`);
    t.equal(view.statusCode, 200, `read ${read}`);
    t.match(view.json(), { change: "email_changed" });
    t.equal(view.headers["cache-control"], "no-store");
  }
  t.equal(await emailOf(owner.id), stolen, "reading undid nothing");

  const foreign = await call("POST", "/api/undo/confirm", { payload: { token }, headers: { origin: "https://evil.example" } });
  t.same([foreign.statusCode, foreign.json()], [403, { code: "cross_origin" }], "only from the portal's own page");

  const done = await call("POST", "/api/undo/confirm", { payload: { token } });
  t.same([done.statusCode, done.json()], [200, { mail: "queued" }]);
  t.equal(await emailOf(owner.id), owner.email, "the old address is back");
  const restored = (await kratosAdmin.getIdentity({ id: owner.id, includeCredential: ["password"] })).data;
  t.ok(restored.verifiable_addresses?.find((address) => address.value === owner.email)?.verified, "and verified: the link proved it");
  t.notOk(restored.credentials?.totp, "the authenticator app added since is gone");
  t.same((await kratosAdmin.listIdentitySessions({ id: owner.id, active: true })).data, [], "no session is left");
  const whoami = await attacker.request("GET", "/api/session");
  t.equal(whoami.statusCode, 401, "the attacker's browser is signed out");
  const oldPassword = await new Browser(app).signIn(owner.email, owner.password);
  t.not(oldPassword.statusCode, 200, "the password in place before is not back: recovery is the way in");

  const mail = await waitForMail(kratos.mailUrl, owner.email, /The change to your account was undone/);
  t.match(mail.text, /\/recovery\?flow=/);
  const flow = new URL(/https?:\/\/\S+\/recovery\?flow=\S+/.exec(mail.text)![0]).searchParams.get("flow")!;
  const recovering = new Browser(app);
  const recovered = await recovering.submit("recovery", { id: flow, ui: { nodes: [] } }, { method: "code", code: codeIn(mail) });
  t.equal(recovered.statusCode, 422, "Kratos' code signs the owner in and sends them to choose a password");
  t.same(
    (await mailsTo(kratos.mailUrl, stolen)).filter((m) => /undone|recovery code/i.test(m.text)),
    [],
    "nothing about the undo reaches the attacker's address",
  );

  const replay = await call("POST", "/api/undo/confirm", { payload: { token } });
  t.same([replay.statusCode, replay.json()], [410, { code: "undo_used" }], "a link works once");
  t.same((await call("GET", `/api/undo?token=${token}`)).json(), { code: "undo_used" });

  const audit = await app.state.audit.list(owner.id);
  t.match(audit[0], { action: "change_undone", actor_id: owner.id, actor_email: owner.email, subject_id: owner.id });
  t.ok(
    (await app.state.activity.list(owner.id)).some((event) => event.type === "change_undone"),
    "the account's activity says so",
  );
});

t.test("an undo spends the links of later changes, which went to the attacker's address, and keeps earlier ones", async (t) => {
  const app = await listeningPortal(t);
  const call = apiCaller(origin, app);
  const owner = await createIdentity(kratos.adminUrl, { verified: true });
  const attacker = new Browser(app);
  await signedInAs(app, attacker, owner);
  const stolen = uniqueEmail("attacker");
  await changeAddress(attacker, stolen);
  const ownersToken = await undoTokenIn(owner.email, /Your email address was changed/);
  await verifyCurrentAddress(owner.id);
  await changePassword(attacker, `attacker-${owner.password}`);
  const attackersToken = await undoTokenIn(stolen, /Your password was changed/);

  // The attacker undoes their own later change first: it stays theirs, and the owner's earlier link still works.
  t.equal((await call("POST", "/api/undo/confirm", { payload: { token: attackersToken } })).statusCode, 200);
  t.equal(await emailOf(owner.id), stolen, "an undo sets back only the address before its own change");
  t.equal((await call("GET", `/api/undo?token=${ownersToken}`)).statusCode, 200, "the earlier change's link is untouched");

  t.equal((await call("POST", "/api/undo/confirm", { payload: { token: ownersToken } })).statusCode, 200);
  t.equal(await emailOf(owner.id), owner.email);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.same(
    (await mailsTo(kratos.mailUrl, stolen)).filter((m) => /undo\?token=/.test(m.text) && !m.text.includes(attackersToken)),
    [],
    "the owner's undo mailed the attacker's address no link to undo it",
  );
});

t.test("the owner's undo leaves no link that reverts it: the attacker's later links are spent", async (t) => {
  const app = await listeningPortal(t);
  const call = apiCaller(origin, app);
  const owner = await createIdentity(kratos.adminUrl, { verified: true });
  const attacker = new Browser(app);
  await signedInAs(app, attacker, owner);
  const stolen = uniqueEmail("attacker");
  await changeAddress(attacker, stolen);
  const ownersToken = await undoTokenIn(owner.email, /Your email address was changed/);
  await verifyCurrentAddress(owner.id);
  await changePassword(attacker, `attacker-${owner.password}`);
  const attackersToken = await undoTokenIn(stolen, /Your password was changed/);

  t.equal((await call("POST", "/api/undo/confirm", { payload: { token: ownersToken } })).statusCode, 200);
  const late = await call("POST", "/api/undo/confirm", { payload: { token: attackersToken } });
  t.same([late.statusCode, late.json()], [410, { code: "undo_used" }], "the attacker's link died with the owner's undo");
  t.equal(await emailOf(owner.id), owner.email, "the owner's address stays");
});

t.test("a password change's mail carries a link; a link past its 7 days says so", async (t) => {
  const app = await listeningPortal(t);
  const call = apiCaller(origin, app);
  const owner = await createIdentity(kratos.adminUrl, { verified: true });
  const browser = new Browser(app);
  await signedInAs(app, browser, owner);
  await changePassword(browser, `new-${owner.password}`);
  const token = await undoTokenIn(owner.email, /Your password was changed/);
  t.match((await call("GET", `/api/undo?token=${token}`)).json(), { change: "password_changed" });
  // Seven days later, as the state would hold the link then.
  const links = (await app.state.undoLinks.list(owner.id)) as { expires_at: string }[];
  await app.state.undoLinks.save(
    owner.id,
    links.map((link) => ({ ...link, expires_at: new Date(Date.now() - 1000).toISOString() })),
    60_000,
  );
  const expired = await call("POST", "/api/undo/confirm", { payload: { token } });
  t.same([expired.statusCode, expired.json()], [410, { code: "undo_expired" }]);
});

t.test("malformed, unknown and guessed tokens, and the limit per client IP (LIMIT_UNDO_LINK)", async (t) => {
  const app = await build(t, { ...kratos.env, LIMIT_UNDO_LINK: "3/15m" });
  const call = apiCaller(origin, app);
  const malformed = await call("GET", "/api/undo?token=abc");
  t.equal(malformed.statusCode, 400, "a token of the wrong shape");
  const guess = () => call("POST", "/api/undo/confirm", { payload: { token: `${randomUUID()}.${randomBytes(32).toString("base64url")}` } });
  for (let i = 0; i < 2; i++) t.same((await guess()).json(), { code: "undo_invalid" }, `guess ${i + 2}: not found`);
  const refused = await guess();
  t.same([refused.statusCode, refused.json()], [429, { code: "rate_limited" }]);
});
