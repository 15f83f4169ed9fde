// One type per field, and no field that a route does not name. Every route's
// request schemas (body, query string, path parameters), as the public and
// the internal listener register them, are closed objects; and since Ajv
// coerces no type, a list where a text belongs or a text where a number or a
// boolean belongs is a 400 wrong_type, an unknown field a 400 unknown_field,
// against the real Kratos and Hydra.
import { Configuration, IdentityApi } from "@ory/client";
import type { RouteOptions } from "fastify";
import t from "tap";
import { createIdentity } from "../../../testing/identities.js";
import { build, buildInternal } from "../helpers/build.js";
import { Browser } from "../helpers/browser.js";
import { useHydra } from "../helpers/hydra.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const routes: RouteOptions[] = [];
const onRoute = (route: RouteOptions) => {
  routes.push(route);
};
const app = await build(t, hydra.env, undefined, { onRoute });
await buildInternal(t, app, hydra.env, { onRoute });
const kratosAdmin = new IdentityApi(new Configuration({ basePath: hydra.kratosAdminUrl }));

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** Where in the schema an object takes fields it does not name. */
function openObjects(schema: Schema, at: string): string[] {
  const own = (schema.type === "object" || schema.properties !== undefined) && schema.additionalProperties !== false ? [at] : [];
  return [
    ...own,
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) => openObjects(property, `${at}.${name}`)),
    ...(schema.items ? openObjects(schema.items, `${at}[]`) : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((part, index) =>
      openObjects(part, `${at}|${index}`),
    ),
  ];
}

t.test("every route's request schemas name every field they take, and no other", async (t) => {
  const parts = ["body", "querystring", "params"] as const;
  let bodies = 0;
  for (const route of routes) {
    const methods = [route.method].flat().join(",");
    for (const part of parts) {
      const schema = route.schema?.[part] as Schema | undefined;
      if (!schema) continue;
      if (part === "body") bodies += 1;
      t.same(openObjects(schema, part), [], `${methods} ${route.url}: its ${part} is closed`);
    }
  }
  t.ok(bodies >= 9, `every body schema walked (${bodies}), the internal listener's too`);
  t.ok(
    routes.some((route) => route.url === "/internal/kratos-hooks/:event"),
    "the internal listener's routes are among them",
  );
});

t.test("deleting the account: a list where the address belongs is refused, not read as the address", async (t) => {
  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(app);
  await browser.signIn(user.email, user.password);
  const send = (payload: object) =>
    app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: { origin, cookie: browser.cookieHeader(), "content-type": "application/json" },
      payload,
    });

  const listed = await send({ email: [user.email] });
  t.same([listed.statusCode, listed.json()], [400, { code: "invalid_fields", errors: [{ field: "email", code: "wrong_type" }] }]);
  const extra = await send({ email: user.email, confirm: true });
  t.same([extra.statusCode, extra.json()], [400, { code: "invalid_fields", errors: [{ field: "confirm", code: "unknown_field" }] }]);
  t.equal((await kratosAdmin.getIdentity({ id: user.id })).status, 200, "the account is still there");
  t.equal((await send({ email: user.email })).statusCode, 204, "the address as a text deletes it");
});

t.test("a query's number is digits once, and a body's boolean is a boolean", async (t) => {
  const admin = await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] });
  const browser = new Browser(app);
  await browser.signIn(admin.email, admin.password);
  await browser.enrolTotp();
  const get = (url: string) => app.inject({ method: "GET", url, headers: { origin, cookie: browser.cookieHeader() } });
  const fieldErrors = async (url: string) => {
    const answer = await get(url);
    t.equal(answer.statusCode, 400, url);
    return answer.json<{ errors: object[] }>().errors;
  };

  t.same(await fieldErrors("/api/users?page_size=10&page_size=20"), [{ field: "page_size", code: "wrong_type" }], "given twice");
  t.same(await fieldErrors("/api/users?page_size=ten"), [{ field: "page_size", code: "bad_characters" }]);
  t.same(await fieldErrors("/api/users?page_size=1000"), [{ field: "page_size", code: "too_large", limit: 100 }]);
  t.same(await fieldErrors("/api/users?page_size=0"), [{ field: "page_size", code: "too_small", limit: 1 }]);
  t.same(await fieldErrors("/api/users?role=admin"), [{ field: "role", code: "unknown_field" }]);
  t.same(await fieldErrors("/api/clients?page_size=600"), [{ field: "page_size", code: "too_large", limit: 500 }]);
  const page = await get("/api/users?page_size=1");
  t.equal(page.statusCode, 200);
  t.equal(page.json<{ items: object[] }>().items.length, 1, "page_size=1 is one account");

  const created = await app.inject({
    method: "POST",
    url: "/api/clients",
    headers: { origin, cookie: browser.cookieHeader(), "content-type": "application/json" },
    payload: { client_name: "Types", grant_types: ["client_credentials"], skip_consent: "true" },
  });
  t.same(
    [created.statusCode, created.json()],
    [400, { code: "invalid_fields", errors: [{ field: "skip_consent", code: "wrong_type" }] }],
    '"true" is not true',
  );
});
