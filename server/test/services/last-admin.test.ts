// The last-admin rule under concurrency, against the real Kratos and Hydra:
// admins who take each other's (or their own) admin powers away at the same
// moment, through two portals that share their state in Redis, and through
// one portal on the file store, always leave one admin.
//
// Other test files make admins in the same Kratos, so "is another admin
// left?" is asked of this test's admins only: each portal's check reads them
// from Kratos as they are at that moment (the race is Kratos' own), among
// them and no one else.
import { Configuration, IdentityApi } from "@ory/client";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import t, { type Test } from "tap";
import { actsWithRole } from "#contract/roles.js";
import { startRedis } from "../../../stack/redis.js";
import { Supervisor } from "../../../stack/supervisor.js";
import { createIdentity, type TestIdentity } from "../../../testing/identities.js";
import { apiCaller, signedIn } from "../helpers/api.js";
import { build, type Env } from "../helpers/build.js";
import { useHydra } from "../helpers/hydra.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const kratosAdmin = new IdentityApi(new Configuration({ basePath: hydra.kratosAdminUrl }));
const supervisor = new Supervisor({ echo: false });
const redis = await startRedis(supervisor);
t.teardown(async () => {
  await supervisor.stopAll();
  redis.remove();
});

/** The admins that count in this test, as Kratos has them when a portal asks. */
let admins: string[] = [];

async function portal(t: Test, env: Env = {}): Promise<FastifyInstance> {
  return build(t, { ...hydra.env, ...env }, (instance) => {
    const { identities } = instance.kratos;
    identities.anotherHasRole = async (id, role) => {
      const others = await Promise.all(admins.filter((other) => other !== id).map((other) => identities.get(other)));
      return others.some((identity) => identity !== undefined && actsWithRole(identity, role));
    };
  });
}

const shared = { PORTAL_REDIS_URL: redis.url };

async function makeAdmins(count: number): Promise<TestIdentity[]> {
  const made = await Promise.all(Array.from({ length: count }, () => createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] })));
  admins = made.map(({ id }) => id);
  return made;
}

/** Each request goes to the portal its browser signed in at. */
const call = apiCaller(origin);

/** The admins of this test that can still act as admins. */
async function actingAdmins(): Promise<string[]> {
  const found = await Promise.all(
    admins.map(async (id) => {
      try {
        return (await kratosAdmin.getIdentity({ id })).data;
      } catch {
        return undefined;
      }
    }),
  );
  return found.filter((identity) => identity !== undefined && actsWithRole(identity, "admin")).map((identity) => identity!.id);
}

const statuses = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode).sort();

t.test("three admins delete themselves at once, through two portals: one remains", async (t) => {
  const [a, b] = [await portal(t, shared), await portal(t, shared)];
  const three = await makeAdmins(3);
  const browsers = await Promise.all(three.map((user, index) => signedIn(index % 2 ? b : a, user)));
  const answers = await Promise.all(
    browsers.map((browser, index) => call("DELETE", "/api/account", { as: browser, payload: { email: three[index].email } })),
  );
  t.same(statuses(answers), [204, 204, 409], "two deleted, the third refused");
  t.same(answers.find((answer) => answer.statusCode === 409)?.json(), { code: "last_admin" });
  t.equal((await actingAdmins()).length, 1, "an admin is left");
});

t.test("three admins delete themselves at once, through one portal on the file store: one remains", async (t) => {
  const app = await portal(t);
  const three = await makeAdmins(3);
  const browsers = await Promise.all(three.map((user) => signedIn(app, user)));
  const answers = await Promise.all(
    browsers.map((browser, index) => call("DELETE", "/api/account", { as: browser, payload: { email: three[index].email } })),
  );
  t.same(statuses(answers), [204, 204, 409]);
  t.equal((await actingAdmins()).length, 1, "an admin is left");
});

const changes: { what: string; method: "POST" | "PUT" | "DELETE"; path: string; payload?: object }[] = [
  { what: "take each other's admin role", method: "POST", path: "/roles", payload: { role: "admin", change: "revoke" } },
  { what: "deactivate each other", method: "PUT", path: "/state", payload: { state: "inactive" } },
  { what: "delete each other", method: "DELETE", path: "" },
];

for (const { what, method, path, payload } of changes) {
  t.test(`two admins ${what} on Manage Users at once, through two portals: one remains`, async (t) => {
    const [a, b] = [await portal(t, shared), await portal(t, shared)];
    const [first, second] = await makeAdmins(2);
    const [atA, atB] = [await signedIn(a, first, { secondFactor: true }), await signedIn(b, second, { secondFactor: true })];
    const answers = await Promise.all([
      call(method, `/api/users/${second.id}${path}`, { as: atA, payload }),
      call(method, `/api/users/${first.id}${path}`, { as: atB, payload }),
    ]);
    t.equal(answers.filter((answer) => answer.statusCode === 409).length, 1, "one of the two is refused");
    t.same(answers.find((answer) => answer.statusCode === 409)?.json(), { code: "last_admin" });
    t.equal((await actingAdmins()).length, 1, "an admin is left");
  });
}
