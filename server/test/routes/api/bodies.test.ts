// Bodies a careless or hostile caller sends, on every /api route, against the
// real Kratos and Hydra: each is a 4xx { code } of the declared error
// shape, never a 5xx, words or the parser's internals. Routes that take no body
// ignore a stray `{}` and refuse anything they cannot read.
import { randomUUID } from "node:crypto";
import { Value } from "@sinclair/typebox/value";
import type { LightMyRequestResponse } from "fastify";
import t, { type Test } from "tap";
import { createIdentity } from "../../../../testing/identities.js";
import type { ErrorCode } from "#contract/errors.js";
import { ErrorBody } from "#contract/schemas/error.js";
import { apiCaller, signedIn, type Method } from "../../helpers/api.js";
import { build } from "../../helpers/build.js";
import type { Browser } from "../../helpers/browser.js";
import { useHydra } from "../../helpers/hydra.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const app = await build(t, hydra.env);

const admin = await signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] }), { secondFactor: true });
const user = await signedIn(app, await createIdentity(hydra.kratosAdminUrl));
const call = apiCaller(origin, app);

const created = await call("POST", "/api/clients", {
  as: admin,
  payload: { client_name: `bodies ${randomUUID()}`, grant_types: ["client_credentials"] },
});
const clientId: string = created.json().client_id;

const bodyRoutes: { method: Method; url: string; as?: Browser; limit: number }[] = [
  { method: "POST", url: "/api/clients", as: admin, limit: 32 * 1024 },
  { method: "PUT", url: `/api/clients/${clientId}`, as: admin, limit: 32 * 1024 },
  { method: "POST", url: "/api/oauth2/consent/accept", as: user, limit: 16 * 1024 },
  { method: "POST", url: "/api/oauth2/consent/reject", as: user, limit: 4 * 1024 },
  // No session needed: ending Hydra's session must work after Kratos' expired.
  { method: "POST", url: "/api/oauth2/logout/accept", limit: 4 * 1024 },
];

const notJson: ErrorCode = "body_unreadable";
const notAnObject: ErrorCode = "invalid_request";
const hostile: [string, string, ErrorCode][] = [
  ["malformed JSON", '{"client_name": ', notJson],
  ["JSON with a trailing comma", '{"client_name": "x",}', notJson],
  ["single-quoted JSON", "{'client_name': 'x'}", notJson],
  ["an empty body", "", "body_unreadable"],
  ["a JSON array", '[{"client_name": "x"}]', notAnObject],
  ["a JSON string", '"client_name"', notAnObject],
  ["a JSON number", "42", notAnObject],
  ["JSON null", "null", notAnObject],
  ["JSON true", "true", notAnObject],
  ["a __proto__ key", '{"__proto__": {"isAdmin": true}, "client_name": "x"}', notJson],
  ["a constructor.prototype key", '{"constructor": {"prototype": {"isAdmin": true}}, "client_name": "x"}', notJson],
  ["a nested __proto__ key", '{"client_name": "x", "contacts": [{"__proto__": {"isAdmin": true}}]}', notJson],
];

/** A safe answer: this status, the declared error shape with this code, not the parser's internals. */
function expectRefusal(t: Test, response: LightMyRequestResponse, status: number, code: ErrorCode, what: string): void {
  t.equal(response.statusCode, status, what);
  const body = response.json();
  t.ok(Value.Check(ErrorBody, body), `${what}: ${response.body}`);
  t.same(body, { code }, what);
  t.notMatch(response.body, /FST_|SyntaxError|Unexpected token|\bat \S+:\d+/, `${what}: no internals`);
}

for (const route of bodyRoutes) {
  t.test(`${route.method} ${route.url.replace(clientId, ":id")} refuses bodies it cannot take`, async (t) => {
    for (const [what, payload, code] of hostile) {
      expectRefusal(t, await call(route.method, route.url, { as: route.as, payload }), 400, code, what);
    }
    const tooLarge = JSON.stringify({ client_name: "x".repeat(route.limit) });
    expectRefusal(
      t,
      await call(route.method, route.url, { as: route.as, payload: tooLarge }),
      413,
      "body_too_large",
      "a body over the limit",
    );
  });
}

t.test("a route that takes no body ignores a stray {} and refuses what it cannot read", async (t) => {
  const noBody: { method: Method; url: string; as: Browser; status: number }[] = [
    { method: "POST", url: `/api/clients/${clientId}/secret`, as: admin, status: 200 },
    { method: "DELETE", url: "/api/oauth2/consents/some-client", as: user, status: 204 },
    { method: "DELETE", url: "/api/oauth2/consents", as: user, status: 204 },
    { method: "DELETE", url: `/api/clients/${clientId}`, as: admin, status: 204 },
  ];
  for (const { method, url, as, status } of noBody) {
    expectRefusal(
      t,
      await call(method, url, { as, payload: '{"__proto__": {"isAdmin": true}}' }),
      400,
      notJson,
      `${method} ${url} with a __proto__ key`,
    );
    expectRefusal(t, await call(method, url, { as, payload: "{" }), 400, notJson, `${method} ${url} with malformed JSON`);
    expectRefusal(
      t,
      await call(method, url, { as, payload: JSON.stringify({ filler: "x".repeat(2048) }) }),
      413,
      "body_too_large",
      `${method} ${url} with a large body`,
    );
    t.equal((await call(method, url, { as, payload: "{}" })).statusCode, status, `${method} ${url} with {}`);
  }
});

t.test("an unknown /api route is a 404 not_found, with or without a body", async (t) => {
  expectRefusal(t, await call("POST", "/api/nothing-here", { payload: "{}" }), 404, "not_found", "with {}");
  expectRefusal(t, await call("POST", "/api/nothing-here", { payload: "{" }), 400, notJson, "with malformed JSON");
});
