// /api/invitations (Manage Users' invitations) and /api/invitation (the
// invitee's link) against the real Kratos and mail catcher: who may call each
// route, what an invitation makes in Kratos and mails, the link's secret (one
// time, until its end, replaced by a resend), accepting into a signed-in,
// verified account, revoking, and the audit trail.
import { randomBytes, randomUUID } from "node:crypto";
import { Configuration, IdentityApi, type Identity } from "@ory/client";
import t from "tap";
import { createIdentity, uniqueEmail } from "../../../../testing/identities.js";
import { apiCaller, ok, refusesAllButAdmins, signedIn, type Route } from "../../helpers/api.js";
import { build } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useKratos } from "../../helpers/kratos.js";
import { codeIn, mailsTo, waitForMail } from "../../helpers/mail.js";

const kratos = await useKratos(t);
const origin = kratos.env.PORTAL_ORIGIN!;
const app = await build(t, kratos.env);
const identities = new IdentityApi(new Configuration({ basePath: kratos.adminUrl }));

const call = apiCaller(origin, app);

const adminUser = await createIdentity(kratos.adminUrl, { roles: ["admin"], name: { first: "Grace", last: "Admin" } });
const admin = await signedIn(app, adminUser, { secondFactor: true });

const invitationOf = (email: string, more: object = {}) => ({ email, language: "de", roles: ["admin"], notify: true, ...more });

/** Invites the address as the admin; the token of the mail that arrives. */
async function invite(email: string, more: object = {}): Promise<{ id: string; token: string }> {
  const { id } = ok(await call("POST", "/api/invitations", { as: admin, payload: invitationOf(email, more) }), 201).json<{ id: string }>();
  return { id, token: await tokenMailedTo(email, 1) };
}

/** The token in the newest invitation mail to the address, once there are `count` of them. */
async function tokenMailedTo(email: string, count: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await mailsTo(kratos.mailUrl, email)).filter((mail) => mail.subject === "Sie wurden zu einem Konto eingeladen");
    const token = mails.length >= count ? new URL(/https?:\/\/\S+/.exec(mails.at(-1)!.text)![0]).searchParams.get("token") : null;
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no invitation mail number ${count} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether the admin got the mail that the address accepted their invitation (waits up to 20 s). */
async function toldOf(email: string): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = await mailsTo(kratos.mailUrl, adminUser.email);
    if (mails.some((mail) => mail.subject === "Your invitation was accepted" && mail.text.includes(email))) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const identity = async (id: string): Promise<Identity> => (await identities.getIdentity({ id, includeCredential: ["password"] })).data;

const someId = randomUUID();
const adminRoutes: Route[] = [
  { method: "GET", url: "/api/invitations" },
  { method: "POST", url: "/api/invitations", payload: invitationOf("someone@example.org") },
  { method: "POST", url: "/api/invitations/check", payload: { emails: ["someone@example.org"] } },
  { method: "POST", url: `/api/invitations/${someId}/resend` },
  { method: "DELETE", url: `/api/invitations/${someId}` },
];

t.test(
  "every admin route refuses the signed-out (401), a user without the admin role (403) and an admin without a second factor",
  async (t) => {
    const user = await signedIn(app, await createIdentity(kratos.adminUrl));
    const oneFactorAdmin = await signedIn(app, await createIdentity(kratos.adminUrl, { roles: ["admin"] }));
    await refusesAllButAdmins(t, call, adminRoutes, { user, oneFactorAdmin });
    t.equal((await mailsTo(kratos.mailUrl, "someone@example.org")).length, 0, "and nobody was invited");
  },
);

t.test("an invitation is a closed request: unknown fields, other roles and bad addresses are refused", async (t) => {
  const email = uniqueEmail("closed");
  for (const [payload, field] of [
    [invitationOf(email, { password: "chosen-by-admin" }), "password"],
    [invitationOf(email, { roles: ["owner"] }), "roles/0"],
    [invitationOf(email, { language: "xx" }), "language"],
    [invitationOf("not an address"), "email"],
  ] as const) {
    const refused = await call("POST", "/api/invitations", { as: admin, payload });
    t.equal(refused.statusCode, 400, `${field} refused`);
    t.equal(refused.json<{ code: string }>().code, "invalid_fields");
  }
  const search = await identities.listIdentities({ credentialsIdentifier: email });
  t.equal(search.data.length, 0, "no identity was made");
});

t.test(
  "an invitation makes an unverified, active identity with the roles and no password, and mails the link in its language",
  async (t) => {
    const email = uniqueEmail("invitee");
    const sent = ok(await call("POST", "/api/invitations", { as: admin, payload: invitationOf(email, { first_name: "Ada" }) }), 201).json<{
      id: string;
      invited_by: string;
    }>();
    t.equal(sent.invited_by, adminUser.email);
    const made = await identity(sent.id);
    t.equal(made.state, "active");
    t.same(made.metadata_public, { roles: ["admin"] });
    t.equal(made.verifiable_addresses?.[0]?.verified, false, "the address is not verified yet");
    t.notOk((made.credentials?.password?.config as { hashed_password?: string } | undefined)?.hashed_password, "no password");
    const mail = await waitForMail(kratos.mailUrl, email, /eingeladen/);
    t.match(mail.text, "Grace Admin", "the mail names who invited");
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
    t.notMatch(JSON.stringify(made.metadata_admin), token.split(".")[1], "only the secret's digest is kept");
    const welcome = ok(await call("GET", `/api/invitation?token=${token}`));
    t.same(welcome.json(), {
      name: "Ada",
      expires_at: (made.metadata_admin as { invitation: { expires_at: string } }).invitation.expires_at,
    });
    const pending = ok(await call("GET", "/api/invitations", { as: admin })).json<{ items: { id: string }[] }>();
    t.ok(
      pending.items.some((item) => item.id === sent.id),
      "it is pending",
    );
    const audit = ok(await call("GET", `/api/users/${sent.id}`, { as: admin })).json<{
      audit: { action: string; actor_email: string }[];
    }>();
    t.same(
      audit.audit.map(({ action, actor_email: actor }) => [action, actor]),
      [["invitation_sent", adminUser.email]],
    );
  },
);

t.test("an address is taken as Kratos takes it: 64 bytes before the @, labels of 63, 254 in all, ASCII domains", async (t) => {
  const local = (length: number) => `${randomBytes(4).toString("hex")}${"a".repeat(length - 8)}`;
  const domain = (last: number) => `${"d".repeat(63)}.${"d".repeat(63)}.${"d".repeat(last)}`;
  const invalid = { field: "email", code: "invalid" };
  for (const [address, what, refusals] of [
    [`${local(64)}@example.org`, "64 characters before the @", []],
    [`${local(65)}@example.org`, "65 characters before the @", [invalid]],
    [`${local(10)}@${"d".repeat(63)}.example`, "a label of 63 characters", []],
    [`${local(10)}@${"d".repeat(64)}.example`, "a label of 64 characters", [invalid]],
    [`${local(64)}@${domain(61)}`, "254 characters", []],
    [`${local(64)}@${domain(62)}`, "255 characters", [{ field: "email", code: "too_long", limit: 254 }, invalid]],
    [`${local(8)}${"é".repeat(28)}@example.org`, "64 bytes before the @ (36 characters)", []],
    [`${local(9)}${"é".repeat(28)}@example.org`, "65 bytes before the @ (37 characters)", [invalid]],
    [`"${local(8)} lovelace"@example.org`, "a quoted part before the @", []],
    [`${local(10)}@bücher.example`, "a domain in other letters than ASCII", [invalid]],
    [`${local(10)}@xn--bcher-kva.example`, "an international domain in its ASCII form", []],
  ] as const) {
    const answer = await call("POST", "/api/invitations", { as: admin, payload: invitationOf(address) });
    if (refusals.length === 0) {
      t.equal(answer.statusCode, 201, `${what}: invited`);
      const made = await identity(answer.json<{ id: string }>().id);
      t.equal((made.traits as { email: string }).email, address, `${what}: Kratos holds the address`);
    } else {
      t.same([answer.statusCode, answer.json()], [400, { code: "invalid_fields", errors: refusals }], `${what}: refused`);
      t.equal((await identities.listIdentities({ credentialsIdentifier: address })).data.length, 0, `${what}: no identity was made`);
    }
  }
});

t.test("what Kratos refuses of the identity an invitation makes is a 400 invitation_refused, not a 502", async (t) => {
  const inviter = {
    id: adminUser.id,
    email: adminUser.email,
    ip: "127.0.0.1",
    name: "",
    schemaId: (await identity(adminUser.id)).schema_id,
  };
  const address = `${"a".repeat(65)}@example.org`;
  await t.rejects(app.invitations.invite(inviter, { ...invitationOf(address), roles: [], language: "en" }), {
    statusCode: 400,
    code: "invitation_refused",
  });
});

t.test("an address that has an account is refused with account_exists, invited or not", async (t) => {
  const existing = await createIdentity(kratos.adminUrl);
  const refused = await call("POST", "/api/invitations", { as: admin, payload: invitationOf(existing.email) });
  t.same([refused.statusCode, refused.json()], [409, { code: "account_exists" }]);
  const email = uniqueEmail("twice");
  await invite(email);
  const again = await call("POST", "/api/invitations", { as: admin, payload: invitationOf(email.toUpperCase()) });
  t.same([again.statusCode, again.json()], [409, { code: "account_exists" }], "a pending invitee too, in any case");
});

t.test("a list's check is a closed, bounded request: unknown fields, more than 500 addresses and overlong ones are refused", async (t) => {
  const address = (i: number) => `row${i}@example.org`;
  for (const [payload, what] of [
    [{ emails: [address(1)], dry_run: true }, "an unknown field"],
    [{ emails: Array.from({ length: 501 }, (_, i) => address(i)) }, "501 addresses"],
    [{ emails: [] }, "no address"],
    [{ emails: [`${"a".repeat(243)}@example.org`] }, "an address over 254 characters"],
    [{ emails: [42] }, "an address that is not a text"],
  ] as const) {
    const refused = await call("POST", "/api/invitations/check", { as: admin, payload });
    t.same([refused.statusCode, refused.json<{ code: string }>().code], [400, "invalid_fields"], `${what} refused`);
  }
  const full = await call("POST", "/api/invitations/check", {
    as: admin,
    payload: { emails: Array.from({ length: 500 }, (_, i) => address(i)) },
  });
  t.equal(full.statusCode, 200, "500 addresses are checked");
  t.equal(full.json<{ accounts: boolean[] }>().accounts.length, 500);
});

t.test("a list's check says which addresses have an account, in the list's order, and sends nothing", async (t) => {
  const existing = await createIdentity(kratos.adminUrl);
  const invited = uniqueEmail("listed-invitee");
  await invite(invited);
  const fresh = uniqueEmail("listed-fresh");
  const answer = ok(
    await call("POST", "/api/invitations/check", {
      as: admin,
      payload: { emails: [fresh, existing.email.toUpperCase(), invited, "not an address", fresh] },
    }),
  ).json();
  t.same(answer, { accounts: [false, true, true, false, false] });
  t.equal((await identities.listIdentities({ credentialsIdentifier: fresh })).data.length, 0, "no identity was made");
  t.equal((await mailsTo(kratos.mailUrl, fresh)).length, 0, "no mail was sent");
});

t.test("a list sent row by row reports each row: invited, already an account, limited with its wait", async (t) => {
  const limited = await build(t, { ...kratos.env, LIMIT_INVITATION: "2/1h" });
  const listAdmin = await signedIn(limited, await createIdentity(kratos.adminUrl, { roles: ["admin"] }), { secondFactor: true });
  const existing = await createIdentity(kratos.adminUrl);
  const rows = [uniqueEmail("row-one"), existing.email, uniqueEmail("row-three")];
  const answers = [];
  for (const email of rows) {
    answers.push(await call("POST", "/api/invitations", { as: listAdmin, payload: invitationOf(email) }));
  }
  t.same(
    answers.map((answer) => answer.statusCode),
    [201, 409, 429],
  );
  t.same(answers[1].json(), { code: "account_exists" }, "the second row already has an account");
  t.ok(Number(answers[2].headers["retry-after"]) > 0, "the limited row says how long to wait");
  t.equal((await identities.listIdentities({ credentialsIdentifier: rows[2] })).data.length, 0, "the limited row made nothing");
});

t.test("a resend over the address's mail limit says its mail was held, sends nothing and leaves the invitation pending", async (t) => {
  const limited = await build(t, { ...kratos.env, LIMIT_PORTAL_MAIL_ADDRESS: "1/1h" });
  const heldAdmin = await signedIn(limited, await createIdentity(kratos.adminUrl, { roles: ["admin"] }), { secondFactor: true });
  const email = uniqueEmail("held");
  const sent = ok(await call("POST", "/api/invitations", { as: heldAdmin, payload: invitationOf(email) }), 201).json<{
    id: string;
    mail: string;
  }>();
  t.equal(sent.mail, "queued", "the first mail of the hour is queued");
  await tokenMailedTo(email, 1);
  const again = ok(await call("POST", `/api/invitations/${sent.id}/resend`, { as: heldAdmin })).json<{ id: string; mail: string }>();
  t.equal(again.mail, "held", "the second is held");
  // A held mail never enters the outbox, which sends what it holds at once; a second is not coming.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.equal((await mailsTo(kratos.mailUrl, email)).length, 1, "and not sent");
  const pending = ok(await call("GET", "/api/invitations", { as: heldAdmin })).json<{ items: { id: string }[] }>();
  t.ok(
    pending.items.some((item) => item.id === sent.id),
    "the invitation is still pending, to be resent later",
  );
});

t.test("a link that is wrong, replaced or expired is refused, and says which", async (t) => {
  const email = uniqueEmail("links");
  const { id, token: first } = await invite(email);
  const guessed = `${id}.${randomBytes(32).toString("base64url")}`;
  t.same((await call("GET", `/api/invitation?token=${guessed}`)).json(), { code: "invitation_invalid" }, "a guessed secret");
  const malformed = await call("GET", "/api/invitation?token=nothing");
  t.equal(malformed.statusCode, 400, "a token of another shape");

  ok(await call("POST", `/api/invitations/${id}/resend`, { as: admin }));
  const second = await tokenMailedTo(email, 2);
  t.not(second, first);
  const old = await call("POST", "/api/invitation/accept", { payload: { token: first } });
  t.same([old.statusCode, old.json()], [404, { code: "invitation_invalid" }], "the resent invitation's old link is dead");
  ok(await call("GET", `/api/invitation?token=${second}`));

  const made = await identity(id);
  const invitation = (made.metadata_admin as { invitation: object }).invitation;
  await identities.patchIdentity({
    id,
    jsonPatch: [
      {
        op: "replace",
        path: "/metadata_admin",
        value: { invitation: { ...invitation, expires_at: new Date(Date.now() - 1000).toISOString() } },
      },
    ],
  });
  const expired = await call("POST", "/api/invitation/accept", { payload: { token: second } });
  t.same([expired.statusCode, expired.json()], [410, { code: "invitation_expired" }]);
  t.equal((await identity(id)).verifiable_addresses?.[0]?.verified, false, "nothing was spent");
});

t.test("accepting signs the invitee in once, verified, through Kratos' recovery flow; the inviting admin is told", async (t) => {
  const email = uniqueEmail("accepts");
  const { id, token } = await invite(email, { first_name: "Ada", last_name: "Lovelace" });

  const foreign = await app.inject({
    method: "POST",
    url: "/api/invitation/accept",
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    payload: JSON.stringify({ token }),
  });
  t.same([foreign.statusCode, foreign.json()], [403, { code: "cross_origin" }], "only from the portal's own page");

  const invitee = new Browser(app);
  const answer = ok(await call("POST", "/api/invitation/accept", { payload: { token } })).json<{ flow: string; code: string }>();
  const submitted = await invitee.request("POST", `/kratos/self-service/recovery?flow=${answer.flow}`, {
    method: "code",
    code: answer.code,
  });
  t.equal(submitted.statusCode, 422, "Kratos sends the browser on");
  t.match(submitted.json<{ redirect_browser_to: string }>().redirect_browser_to, "/settings?flow=", "to Account Settings");
  const session = await invitee.request("GET", "/api/session");
  t.equal(session.json<{ identity: { id: string } }>().identity.id, id, "signed in as the invitee");
  t.equal((await identity(id)).verifiable_addresses?.[0]?.verified, true, "the address is verified");

  const again = await call("POST", "/api/invitation/accept", { payload: { token } });
  t.same([again.statusCode, again.json()], [410, { code: "invitation_used" }], "the link works once");
  const revoke = await call("DELETE", `/api/invitations/${id}`, { as: admin });
  t.same([revoke.statusCode, revoke.json()], [409, { code: "invitation_not_pending" }], "an accepted invitation is not revoked");
  const pending = ok(await call("GET", "/api/invitations", { as: admin })).json<{ items: { id: string }[] }>();
  t.notOk(
    pending.items.some((item) => item.id === id),
    "no longer pending",
  );
  t.ok(await toldOf(email), "the admin learns who accepted");
  const audit = ok(await call("GET", `/api/users/${id}`, { as: admin })).json<{ audit: { action: string; actor_email: string }[] }>();
  t.same(audit.audit[0], { ...audit.audit[0], action: "invitation_accepted", actor_email: email });
});

t.test("revoking a pending invitation deletes the identity it made and kills the link", async (t) => {
  const email = uniqueEmail("revoked");
  const { id, token } = await invite(email);
  ok(await call("DELETE", `/api/invitations/${id}`, { as: admin }), 204);
  await t.rejects(identities.getIdentity({ id }), "the identity is gone");
  const dead = await call("GET", `/api/invitation?token=${token}`);
  t.same([dead.statusCode, dead.json()], [404, { code: "invitation_invalid" }]);
  const gone = await call("POST", `/api/invitations/${id}/resend`, { as: admin });
  t.equal(gone.statusCode, 404);
});

t.test("an invitee who signed in by an emailed code is no longer pending: revoke and resend refuse, and the account stays", async (t) => {
  const email = uniqueEmail("by-code");
  const { id, token } = await invite(email);
  const invitee = new Browser(app);
  const flow = await invitee.startFlow("login");
  const asked = await invitee.submit("login", flow, { method: "code", identifier: email });
  t.equal(asked.statusCode, 400, "Kratos mails a code and shows the flow again");
  const code = codeIn(await waitForMail(kratos.mailUrl, email, /^Ihr Anmeldecode$/));
  const signedInByCode = await invitee.submit("login", flow, { method: "code", identifier: email, code });
  t.equal(signedInByCode.statusCode, 200, "signed in by the code, without the link");

  const revoked = await call("DELETE", `/api/invitations/${id}`, { as: admin });
  t.same([revoked.statusCode, revoked.json()], [409, { code: "invitation_not_pending" }], "revoke refuses");
  const resent = await call("POST", `/api/invitations/${id}/resend`, { as: admin });
  t.same([resent.statusCode, resent.json()], [409, { code: "invitation_not_pending" }], "resend refuses");
  t.equal((await identity(id)).id, id, "the account is still there");
  const link = await call("GET", `/api/invitation?token=${token}`);
  t.same([link.statusCode, link.json()], [410, { code: "invitation_used" }], "the link says it was used");
  const pending = ok(await call("GET", "/api/invitations", { as: admin })).json<{ items: { id: string }[] }>();
  t.notOk(
    pending.items.some((item) => item.id === id),
    "no longer pending",
  );
});

t.test("reading and accepting links is limited per client IP (LIMIT_INVITATION_LINK)", async (t) => {
  const limited = await build(t, { ...kratos.env, LIMIT_INVITATION_LINK: "3/15m" });
  const guess = () =>
    limited.inject({
      method: "GET",
      url: `/api/invitation?token=${randomUUID()}.${randomBytes(32).toString("base64url")}`,
      headers: { accept: "application/json" },
    });
  for (let i = 0; i < 3; i++) t.equal((await guess()).statusCode, 404, `guess ${i + 1}: not found`);
  const refused = await guess();
  t.same([refused.statusCode, refused.json()], [429, { code: "rate_limited" }]);
});
