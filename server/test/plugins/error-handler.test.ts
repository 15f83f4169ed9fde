// The one error handler, pinned with routes that throw what routes and
// services throw: every failure answers { code } from the contract (with
// errors where fields are wrong), never words; upstream failures as 502/503,
// and nothing secret is answered or logged.
import { Configuration, FrontendApi } from "@ory/client";
import { Value } from "@sinclair/typebox/value";
import t from "tap";
import { freePort } from "../../../stack/supervisor.js";
import { ClientError, FieldErrors, UpstreamError } from "../../src/errors.js";
import { ErrorBody } from "#contract/schemas/error.js";
import { build, LogLines } from "../helpers/build.js";

t.test("a route that throws answers 500 internal_error without its internals, and logs them", async (t) => {
  const logs = new LogLines();
  const app = await build(
    t,
    {},
    (instance) => {
      instance.get("/api/boom", async () => {
        throw new Error("database password is hunter2");
      });
    },
    { logs },
  );
  const response = await app.inject("/api/boom");
  t.equal(response.statusCode, 500);
  t.same(response.json(), { code: "internal_error" });
  t.notMatch(response.body, /hunter2/);
  const failed = logs.lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "request failed");
  t.match(
    failed,
    { level: 50, method: "GET", route: "/api/boom", err: { message: "database password is hunter2" } },
    "the operator sees what broke",
  );
});

t.test("a client error keeps its status and code, and its fields where it has them; a foreign 4xx says no words", async (t) => {
  const app = await build(t, {}, (instance) => {
    instance.get("/api/teapot", async () => {
      throw Object.assign(new Error("I only make tea"), { statusCode: 418 });
    });
    instance.get("/api/refused", async () => {
      throw new ClientError(403, "role_required");
    });
    instance.get("/api/fields", async () => {
      throw new FieldErrors([
        { field: "redirect_uris", code: "uri_scheme_not_allowed", value: "javascript:x" },
        { field: "client_name", code: "empty" },
      ]);
    });
  });
  const teapot = await app.inject("/api/teapot");
  t.equal(teapot.statusCode, 418);
  t.same(teapot.json(), { code: "invalid_request" });
  const refused = await app.inject("/api/refused");
  t.equal(refused.statusCode, 403);
  t.same(refused.json(), { code: "role_required" });
  const fields = await app.inject("/api/fields");
  t.equal(fields.statusCode, 400);
  t.same(fields.json(), {
    code: "invalid_fields",
    errors: [
      { field: "redirect_uris", code: "uri_scheme_not_allowed", value: "javascript:x" },
      { field: "client_name", code: "empty" },
    ],
  });
  for (const response of [teapot, refused, fields]) t.ok(Value.Check(ErrorBody, response.json()), "the declared error shape");
});

t.test("an upstream failure: down or failing is 503, an unexpected answer is 502, each with the upstream's code", async (t) => {
  const cases: [UpstreamError, number, string][] = [
    [new UpstreamError({ upstream: "kratos", operation: "toSession", network: "ECONNREFUSED" }), 503, "kratos_unavailable"],
    [
      new UpstreamError({ upstream: "kratos", operation: "toSession", status: 500, id: "internal_server_error" }),
      503,
      "kratos_unavailable",
    ],
    [new UpstreamError({ upstream: "kratos", operation: "toSession", status: 404 }), 502, "kratos_unexpected"],
    [new UpstreamError({ upstream: "hydra", operation: "listOAuth2Clients", network: "ECONNABORTED" }), 503, "hydra_unavailable"],
    [new UpstreamError({ upstream: "hydra", operation: "listOAuth2Clients", status: 502 }), 503, "hydra_unavailable"],
    [new UpstreamError({ upstream: "hydra", operation: "listOAuth2Clients", status: 409, id: "conflict" }), 502, "hydra_unexpected"],
  ];
  const logs = new LogLines();
  const app = await build(
    t,
    {},
    (instance) => {
      instance.get<{ Params: { n: string } }>("/api/upstream/:n", async (request) => {
        throw cases[Number(request.params.n)][0];
      });
    },
    { logs },
  );
  for (const [index, [error, status, code]] of cases.entries()) {
    const response = await app.inject(`/api/upstream/${index}`);
    t.equal(response.statusCode, status, error.message);
    t.same(response.json(), { code }, error.message);
  }
  const warned = logs.lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "an upstream call failed");
  t.equal(warned.length, cases.length, "each failure logged once");
  t.match(warned[5], {
    level: 40,
    route: "/api/upstream/:n",
    upstream: { upstream: "hydra", operation: "listOAuth2Clients", status: 409, id: "conflict" },
  });
});

t.test("an SDK error is never logged whole: it carries the browser's cookie", async (t) => {
  const cookie = "ory_kratos_session=MTcwOTk5-the-secret-session";
  const closed = `http://127.0.0.1:${await freePort()}`;
  const logs = new LogLines();
  const app = await build(
    t,
    { KRATOS_PUBLIC_URL: closed },
    (instance) => {
      // A route that calls the SDK without a service: a bug, but one that must not leak.
      instance.get("/api/raw", async () => new FrontendApi(new Configuration({ basePath: closed })).toSession({ cookie }));
    },
    { logs },
  );
  const raw = await app.inject("/api/raw");
  t.equal(raw.statusCode, 500);
  const session = await app.inject({ url: "/api/session", headers: { cookie } });
  t.equal(session.statusCode, 503);
  t.ok(
    logs.lines.some((line) => line.includes('"msg":"request failed"')),
    "the bug is logged",
  );
  t.ok(
    logs.lines.some((line) => line.includes('"network":"ECONNREFUSED"')),
    "the outage is logged",
  );
  t.notOk(
    logs.lines.some((line) => line.includes("the-secret-session")),
    "the cookie is not",
  );
});
