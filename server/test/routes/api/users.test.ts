// /api/users (Manage Users) against the real Kratos, Hydra and mail catcher:
// who may call each route, the guard rails, what an admin's changes do to the
// person, and the audit trail, which a second portal on the same state reads.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Configuration, IdentityApi } from "@ory/client";
import t from "tap";
import { createIdentity, uniqueEmail } from "../../../../testing/identities.js";
import { freePort } from "../../../../stack/supervisor.js";
import { apiReads } from "#contract/boot.js";
import { apiCaller, ok, refusesAllButAdmins, signedIn, type Route } from "../../helpers/api.js";
import { build } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useHydra } from "../../helpers/hydra.js";
import { waitForMail } from "../../helpers/mail.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const stateDir = mkdtempSync(join(tmpdir(), "portal-users-state-"));
t.teardown(() => {
  rmSync(stateDir, { recursive: true, force: true });
});
const env = { ...hydra.env, PORTAL_STATE_DIR: stateDir };
const app = await build(t, env);

const call = apiCaller(origin, app);

const adminUser = await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] });
const admin = await signedIn(app, adminUser, { secondFactor: true });

const someId = randomUUID();
const routes: Route[] = [
  { method: "GET", url: "/api/users?email=someone" },
  { method: "GET", url: `/api/users/${someId}` },
  { method: "DELETE", url: `/api/users/${someId}/sessions` },
  { method: "POST", url: `/api/users/${someId}/roles`, payload: { role: "admin", change: "grant" } },
  { method: "PUT", url: `/api/users/${someId}/state`, payload: { state: "inactive" } },
  { method: "POST", url: `/api/users/${someId}/recovery-code` },
  { method: "POST", url: `/api/users/${someId}/verification` },
  { method: "DELETE", url: `/api/users/${someId}` },
];

t.test("every route refuses the signed-out (401), a user without the admin role (403) and an admin without a second factor", async (t) => {
  const user = await signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["auditor"] }));
  const oneFactorAdmin = await signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] }));
  await refusesAllButAdmins(t, call, routes, { user, oneFactorAdmin });
});

t.test("changes come only from the portal's own pages", async (t) => {
  for (const { method, url, payload } of routes.filter((route) => route.method !== "GET")) {
    const foreign = await call(method, url, { as: admin, payload, headers: { origin: "https://evil.example" } });
    t.same([foreign.statusCode, foreign.json()], [403, { code: "cross_origin" }], `${method} ${url}`);
  }
});

t.test("an admin sees the sign-in providers linked to an account", async (t) => {
  const email = uniqueEmail("linked");
  const identities = new IdentityApi(new Configuration({ basePath: hydra.kratosAdminUrl }));
  const { data: person } = await identities.createIdentity({
    createIdentityBody: {
      schema_id: "default",
      traits: { email },
      // Kratos' import of provider credentials: the provider's id and the person's subject there.
      credentials: { oidc: { config: { providers: [{ provider: "example-sso", subject: email }] } } },
    },
  });
  const found = ok(await call("GET", `/api/users?email=${encodeURIComponent(email)}&match=exact`, { as: admin })).json();
  t.same(found.items[0]?.providers, ["example-sso"], "in the search");
  const detail = ok(await call("GET", `/api/users/${person.id}`, { as: admin })).json();
  t.same(detail.user.providers, ["example-sso"], "on the person's page");
});

t.test("an admin finds a person by the whole address or its beginning", async (t) => {
  const email = uniqueEmail("findme");
  const person = await createIdentity(hydra.kratosAdminUrl, { email, name: { first: "Ada", last: "Lovelace" }, verified: true });
  const exact = ok(await call("GET", `/api/users?email=${encodeURIComponent(email.toUpperCase())}&match=exact`, { as: admin })).json();
  t.same(exact.items, [
    {
      id: person.id,
      email,
      name: "Ada Lovelace",
      verified: true,
      roles: [],
      state: "active",
      second_factors: [],
      providers: [],
      created_at: exact.items[0].created_at,
      schema_id: "default",
      traits: { email, name: { first: "Ada", last: "Lovelace" } },
      last_sign_in: null,
      locked_until: null,
    },
  ]);
  const prefix = ok(await call("GET", `/api/users?email=${encodeURIComponent(email.slice(0, 14))}`, { as: admin })).json();
  t.ok(
    prefix.items.some((item: { id: string }) => item.id === person.id),
    "the beginning of the address finds it",
  );
  const middle = ok(await call("GET", `/api/users?email=${encodeURIComponent(email.slice(3))}`, { as: admin })).json();
  t.notOk(
    middle.items.some((item: { id: string }) => item.id === person.id),
    "a part from the middle does not",
  );
  const bad = await call("GET", "/api/users?match=contains", { as: admin });
  t.equal(bad.statusCode, 400);
  const missing = await call("GET", `/api/users/${randomUUID()}`, { as: admin });
  t.same([missing.statusCode, missing.json()], [404, { code: "user_not_found" }]);
  t.equal((await call("GET", "/api/users/not-a-uuid", { as: admin })).statusCode, 400);
});

t.test("Manage Users' pages hold the search's list and the person for an admin, and nothing for anyone else", async (t) => {
  const person = await createIdentity(hydra.kratosAdminUrl);
  const search = { email: ` ${person.email.toUpperCase()} `, match: "exact" } as const;
  const listRead = apiReads.usersFirstPage(search);
  const personRead = apiReads.user(person.id);
  const list = ok(await call("GET", listRead, { as: admin })).json<{ items: { id: string }[] }>();
  t.same(
    list.items.map((item) => item.id),
    [person.id],
    "the list the page's URL asks for",
  );
  const detail = ok(await call("GET", personRead, { as: admin })).json();

  const searchPage = `/manage-users?email=${encodeURIComponent(search.email)}&match=exact`;
  const personPage = `/manage-users/user?id=${person.id}`;
  const answersOf = async (url: string, as?: Browser, on = app) => {
    const page = await on.inject({ url, headers: as ? { cookie: as.cookieHeader() } : {} });
    t.equal(page.statusCode, 200, url);
    const boot = /<script type="application\/json" id="portal-boot">(.*?)<\/script>/s.exec(page.body)?.[1];
    const answers = (JSON.parse(boot ?? "{}") as { answers?: Record<string, unknown> }).answers ?? {};
    // The identity schemas (which name the traits) are public, as on the registration page: every page may have them.
    const { [apiReads.identitySchemas]: schemas, ...guarded } = answers;
    if (as === admin && on === app) t.ok(schemas, `${url} comes with the identity schemas`);
    return guarded;
  };
  t.same(await answersOf(searchPage, admin), { [listRead]: list });
  t.same(await answersOf(personPage, admin), { [personRead]: detail });
  t.same(await answersOf("/manage-users/user?id=not-an-id", admin), {}, "the route refuses an id that is none; the app says so");
  // The routes' own guards decide: a role missing, a second factor missing, no session.
  const user = await signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["auditor"] }));
  const oneFactorAdmin = await signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] }));
  for (const page of [searchPage, personPage]) {
    t.same(await answersOf(page, user), {}, `${page} without the role`);
    t.same(await answersOf(page, oneFactorAdmin), {}, `${page} with one factor`);
    t.same(await answersOf(page), {}, `${page} signed out`);
  }

  // Kratos' admin API down: the pages come without the answers, and the app's own request gets a code it words.
  const offline = await build(t, { ...env, KRATOS_ADMIN_URL: `http://127.0.0.1:${await freePort()}` });
  for (const page of [searchPage, personPage]) t.same(await answersOf(page, admin, offline), {}, `${page} with Kratos down`);
  for (const read of [listRead, personRead]) {
    const refused = await call("GET", read, { as: admin, on: offline });
    t.same([refused.statusCode, refused.json()], [503, { code: "kratos_unavailable" }], read);
  }
});

t.test("the guard rails: an admin cannot take their own admin role, deactivate or delete themselves", async (t) => {
  const self = `/api/users/${adminUser.id}`;
  for (const [method, url, payload] of [
    ["POST", `${self}/roles`, { role: "admin", change: "revoke" }],
    ["PUT", `${self}/state`, { state: "inactive" }],
    ["DELETE", self, undefined],
  ] as const) {
    const refused = await call(method, url, { as: admin, payload });
    t.same([refused.statusCode, refused.json()], [409, { code: "self_action" }], `${method} ${url}`);
  }
  const detail = ok(await call("GET", self, { as: admin })).json();
  t.same([detail.user.roles, detail.user.state], [["admin"], "active"], "nothing changed");
  t.same(detail.user.second_factors, ["totp"], "the authenticator app the admin set up");
  t.ok(detail.sessions.length >= 1, "the admin's own session is listed");
});

t.test("the person's page lists each second factor they set up, backup codes too", async (t) => {
  const person = await createIdentity(hydra.kratosAdminUrl);
  const browser = await signedIn(app, person, { secondFactor: true });
  await browser.enrolBackupCodes();
  const detail = ok(await call("GET", `/api/users/${person.id}`, { as: admin })).json();
  t.same(detail.user.second_factors, ["totp", "lookup_secret"]);
});

t.test("grant and revoke admin: the person's roles change, they get a mail, the audit trail records it", async (t) => {
  const person = await createIdentity(hydra.kratosAdminUrl);
  const granted = ok(
    await call("POST", `/api/users/${person.id}/roles`, { as: admin, payload: { role: "admin", change: "grant" } }),
  ).json();
  t.same(granted.roles, ["admin"]);
  const browser = await signedIn(app, person);
  t.same((await browser.request("GET", "/api/session")).json().roles, ["admin"], "the person's session sees the role");
  await waitForMail(hydra.mailUrl, person.email, /You were given a role/);

  ok(await call("POST", `/api/users/${person.id}/roles`, { as: admin, payload: { role: "admin", change: "revoke" } }));
  await waitForMail(hydra.mailUrl, person.email, /role of yours in the portal was removed/);
  const { audit } = ok(await call("GET", `/api/users/${person.id}`, { as: admin })).json();
  t.same(
    audit.map(({ action, actor_id, actor_email, subject_id, role }: Record<string, string>) => ({
      action,
      actor_id,
      actor_email,
      subject_id,
      role,
    })),
    [
      { action: "role_revoked", actor_id: adminUser.id, actor_email: adminUser.email, subject_id: person.id, role: "admin" },
      { action: "role_granted", actor_id: adminUser.id, actor_email: adminUser.email, subject_id: person.id, role: "admin" },
    ],
  );
  t.match(audit[0], { ip: /\d/, at: /^\d{4}-\d\d-\d\dT/ });
});

t.test("deactivating ends the person's sessions and refuses their sign-in; reactivating lets them in again", async (t) => {
  const person = await createIdentity(hydra.kratosAdminUrl);
  const browser = await signedIn(app, person);
  ok(await browser.request("GET", "/api/session"));

  const inactive = ok(await call("PUT", `/api/users/${person.id}/state`, { as: admin, payload: { state: "inactive" } })).json();
  t.equal(inactive.state, "inactive");
  t.equal((await browser.request("GET", "/api/session")).statusCode, 401, "the session ended");
  t.same(ok(await call("GET", `/api/users/${person.id}`, { as: admin })).json().sessions, [], "no session is left");
  const refused = await new Browser(app).signIn(person.email, person.password);
  t.not(refused.statusCode, 200, "sign-in is refused");
  await waitForMail(hydra.mailUrl, person.email, /Your account was deactivated/);

  t.equal(ok(await call("PUT", `/api/users/${person.id}/state`, { as: admin, payload: { state: "active" } })).json().state, "active");
  t.equal((await new Browser(app).signIn(person.email, person.password)).statusCode, 200, "signs in again");
  await waitForMail(hydra.mailUrl, person.email, /Your account was reactivated/);
});

t.test("sign out everywhere, a recovery code, a verification mail, and deleting", async (t) => {
  const person = await createIdentity(hydra.kratosAdminUrl);
  const browser = await signedIn(app, person);
  ok(await call("DELETE", `/api/users/${person.id}/sessions`, { as: admin }), 204);
  t.equal((await browser.request("GET", "/api/session")).statusCode, 401, "signed out");

  const code = ok(await call("POST", `/api/users/${person.id}/recovery-code`, { as: admin })).json();
  t.match(code, { recovery_link: new RegExp(`^${origin}/recovery\\?flow=`), recovery_code: /^\d{6}$/ });

  ok(await call("POST", `/api/users/${person.id}/verification`, { as: admin }), 204);
  await waitForMail(hydra.mailUrl, person.email, /verif/i);
  const verified = await createIdentity(hydra.kratosAdminUrl, { verified: true });
  const already = await call("POST", `/api/users/${verified.id}/verification`, { as: admin });
  t.same([already.statusCode, already.json()], [409, { code: "already_verified" }]);

  ok(await call("DELETE", `/api/users/${person.id}`, { as: admin }), 204);
  t.same(ok(await call("GET", `/api/users?email=${encodeURIComponent(person.email)}&match=exact`, { as: admin })).json().items, []);
  await waitForMail(hydra.mailUrl, person.email, /Your account was deleted/);
});

t.test("the audit trail survives a restart: another portal on the same state shows it", async (t) => {
  const person = await createIdentity(hydra.kratosAdminUrl);
  ok(await call("DELETE", `/api/users/${person.id}/sessions`, { as: admin }), 204);
  const other = await build(t, env);
  const { audit } = ok(await call("GET", `/api/users/${person.id}`, { as: admin, on: other })).json();
  t.same(
    audit.map(({ action, actor_email }: Record<string, string>) => ({ action, actor_email })),
    [{ action: "sessions_revoked", actor_email: adminUser.email }],
  );
});

t.test("an admin's changes are limited (LIMIT_ADMIN_ACTION)", async (t) => {
  const limited = await build(t, { ...hydra.env, LIMIT_ADMIN_ACTION: "2/15m" });
  const person = await createIdentity(hydra.kratosAdminUrl);
  for (let i = 0; i < 2; i++) ok(await call("DELETE", `/api/users/${person.id}/sessions`, { as: admin, on: limited }), 204);
  const refused = await call("DELETE", `/api/users/${person.id}/sessions`, { as: admin, on: limited });
  t.same([refused.statusCode, refused.json()], [429, { code: "rate_limited" }]);
  ok(await call("GET", `/api/users/${person.id}`, { as: admin, on: limited }), 200);
});
