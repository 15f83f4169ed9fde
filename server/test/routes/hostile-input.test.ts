// What an attacker or a broken client sends, across every route family of the
// portal (the API, the Kratos proxy, the static app), against the real Kratos
// and Hydra: each request gets a clear 4xx with a code, never a 5xx, a
// stack trace or the parser's internals, and never success for the wrong
// caller. (Hostile bodies on each /api route are in api/bodies.test.ts.)
import { randomUUID } from "node:crypto";
import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Value } from "@sinclair/typebox/value";
import type { InjectOptions } from "fastify";
import t from "tap";
import { createIdentity } from "../../../testing/identities.js";
import type { ErrorCode } from "#contract/errors.js";
import { ErrorBody } from "#contract/schemas/error.js";
import { signedIn } from "../helpers/api.js";
import { build } from "../helpers/build.js";
import { useHydra } from "../helpers/hydra.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const app = await build(t, hydra.env);

const admin = await signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] }), { secondFactor: true });
const adminAal1 = await signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] }));
const user = await signedIn(app, await createIdentity(hydra.kratosAdminUrl));
const callers = { admin, adminAal1, user };

type Caller = keyof typeof callers;

interface Case {
  name: string;
  request: InjectOptions;
  /** Sent over a real socket as written: app.inject() resolves dot segments before routing. */
  raw?: boolean;
  as?: Caller;
  /** The status the safe answer has. */
  status: number;
  /** The code of the answer, where it matters. */
  code?: ErrorCode;
  /** The field the answer names (invalid_fields). */
  field?: string;
}

const json = { "content-type": "application/json", origin };
const client = (fields: Record<string, unknown>) =>
  JSON.stringify({ client_name: "Hostile", grant_types: ["client_credentials"], ...fields });
const long = (n: number) => "a".repeat(n);
const unknownId = randomUUID();

const cases: Case[] = [
  // /api/session
  { name: "an empty session cookie", request: { url: "/api/session", headers: { cookie: "ory_kratos_session=" } }, status: 401 },
  {
    name: "a forged session cookie of 6 KB",
    request: { url: "/api/session", headers: { cookie: `ory_kratos_session=${long(6000)}` } },
    status: 401,
  },
  { name: "a cookie header of garbage", request: { url: "/api/session", headers: { cookie: ";;==;\u00ff\u00fe;" } }, status: 401 },
  { name: "POST to a GET route", request: { method: "POST", url: "/api/session", headers: json, payload: "{}" }, status: 404 },
  { name: "a prototype-polluting query", request: { url: "/api/session?__proto__[admin]=1&constructor[prototype][admin]=1" }, status: 401 },
  { name: "a spoofed Host", request: { url: "/api/session", headers: { host: "evil.example" } }, status: 401 },

  // /api/clients: the query
  { name: "page_size 0", as: "admin", request: { url: "/api/clients?page_size=0" }, status: 400, field: "page_size" },
  { name: "page_size not a number", as: "admin", request: { url: "/api/clients?page_size=abc" }, status: 400, field: "page_size" },
  { name: "page_size far too large", as: "admin", request: { url: "/api/clients?page_size=100000" }, status: 400, field: "page_size" },
  { name: "page_size negative", as: "admin", request: { url: "/api/clients?page_size=-1" }, status: 400, field: "page_size" },
  {
    name: "page_size given twice",
    as: "admin",
    request: { url: "/api/clients?page_size=1&page_size=2" },
    status: 400,
    field: "page_size",
  },
  {
    name: "a 5000-character page_token",
    as: "admin",
    request: { url: `/api/clients?page_token=${long(5000)}` },
    status: 400,
    field: "page_token",
  },
  { name: "a 1000-character search", as: "admin", request: { url: `/api/clients?search=${long(1000)}` }, status: 400, field: "search" },
  // /api/clients: who asks
  { name: "the list without a session", request: { url: "/api/clients" }, status: 401, code: "not_signed_in" },
  { name: "the list as a user without the admin role", as: "user", request: { url: "/api/clients" }, status: 403, code: "role_required" },
  {
    name: "the list as an admin without a second factor",
    as: "adminAal1",
    request: { url: "/api/clients" },
    status: 403,
    code: "aal2_required",
  },
  { name: "a create without a session", request: { method: "POST", url: "/api/clients", headers: json, payload: client({}) }, status: 401 },
  {
    name: "a create as a user",
    as: "user",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({}) },
    status: 403,
  },
  {
    name: "a create as an admin without a second factor",
    as: "adminAal1",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({}) },
    status: 403,
  },
  {
    name: "a rotate as a user",
    as: "user",
    request: { method: "POST", url: `/api/clients/${unknownId}/secret`, headers: { origin } },
    status: 403,
  },
  // /api/clients: CSRF
  {
    name: "a delete without Origin",
    as: "admin",
    request: { method: "DELETE", url: `/api/clients/${unknownId}` },
    status: 403,
    code: "cross_origin",
  },
  {
    name: "a delete from another origin",
    as: "admin",
    request: { method: "DELETE", url: `/api/clients/${unknownId}`, headers: { origin: "https://evil.example" } },
    status: 403,
    code: "cross_origin",
  },
  {
    name: "a create sent as text/plain (a cross-site form)",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: { origin, "content-type": "text/plain" }, payload: client({}) },
    status: 403,
    code: "json_required",
  },
  {
    name: "a create sent as a urlencoded form",
    as: "admin",
    request: {
      method: "POST",
      url: "/api/clients",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      payload: "client_name=x",
    },
    status: 403,
  },
  {
    name: "a create sent as multipart",
    as: "admin",
    request: {
      method: "POST",
      url: "/api/clients",
      headers: { origin, "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--",
    },
    status: 403,
  },
  // /api/clients: the fields
  {
    name: "an update that changes nothing",
    as: "admin",
    request: { method: "PUT", url: `/api/clients/${unknownId}`, headers: json, payload: "{}" },
    status: 400,
  },
  {
    name: "a 10 000-character name",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ client_name: long(10_000) }) },
    status: 400,
    field: "client_name",
  },
  {
    name: "the password grant",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ grant_types: ["password"] }) },
    status: 400,
    field: "grant_types",
  },
  {
    name: "grant types as an object",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ grant_types: { authorization_code: true } }) },
    status: 400,
    field: "grant_types",
  },
  {
    name: "a javascript: redirect URI",
    as: "admin",
    request: {
      method: "POST",
      url: "/api/clients",
      headers: json,
      payload: client({ grant_types: ["authorization_code"], redirect_uris: ["javascript:alert(1)"] }),
    },
    status: 400,
    field: "redirect_uris",
  },
  {
    name: "a plain-http redirect URI off loopback",
    as: "admin",
    request: {
      method: "POST",
      url: "/api/clients",
      headers: json,
      payload: client({ grant_types: ["authorization_code"], redirect_uris: ["http://evil.example/cb"] }),
    },
    status: 400,
    field: "redirect_uris",
  },
  {
    name: "a redirect URI hiding javascript: behind a tab",
    as: "admin",
    request: {
      method: "POST",
      url: "/api/clients",
      headers: json,
      payload: client({ grant_types: ["authorization_code"], redirect_uris: ["java\tscript:alert(1)"] }),
    },
    status: 400,
    field: "redirect_uris",
  },
  {
    name: "a data: post-logout URI",
    as: "admin",
    request: {
      method: "POST",
      url: "/api/clients",
      headers: json,
      payload: client({
        grant_types: ["authorization_code"],
        redirect_uris: ["https://app.example/cb"],
        post_logout_redirect_uris: ["data:text/html,<script>alert(1)</script>"],
      }),
    },
    status: 400,
    field: "post_logout_redirect_uris",
  },
  {
    name: "a hundred redirect URIs",
    as: "admin",
    request: {
      method: "POST",
      url: "/api/clients",
      headers: json,
      payload: client({
        grant_types: ["authorization_code"],
        redirect_uris: Array.from({ length: 100 }, (_, i) => `https://app.example/${i}`),
      }),
    },
    status: 400,
    field: "redirect_uris",
  },
  {
    name: "a scope with a line break",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ scope: "openid\nprofile" }) },
    status: 400,
    field: "scope",
  },
  {
    name: "private_key_jwt without a key set",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ token_endpoint_auth_method: "private_key_jwt" }) },
    status: 400,
    field: "token_endpoint_auth_method",
  },
  {
    name: "skip_consent as a word",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ skip_consent: "yes" }) },
    status: 400,
    field: "skip_consent",
  },
  {
    name: "an empty contact",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ contacts: [""] }) },
    status: 400,
    field: "contacts",
  },
  {
    name: "a javascript: logo",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ logo_uri: "javascript:alert(1)" }) },
    status: 400,
    field: "logo_uri",
  },
  {
    name: "a data: client URI",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ client_uri: "data:text/html,hi" }) },
    status: 400,
    field: "client_uri",
  },
  {
    name: "a public client with client_credentials",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ token_endpoint_auth_method: "none" }) },
    status: 400,
    field: "grant_types",
  },
  // /api/clients/:id
  { name: "an id of 300 characters", as: "admin", request: { url: `/api/clients/${long(300)}` }, status: 404, code: "not_found" },
  {
    name: "an id that climbs to Hydra's client list",
    as: "admin",
    request: { url: "/api/clients/..%2F..%2Fadmin%2Fclients" },
    status: 400,
    field: "id",
  },
  {
    name: "a delete that climbs to another Hydra endpoint",
    as: "admin",
    request: { method: "DELETE", url: "/api/clients/..%2Foauth2%2Fauth%2Fsessions%2Fconsent", headers: { origin } },
    status: 400,
    field: "id",
  },
  { name: "an id of two dots", as: "admin", raw: true, request: { url: "/api/clients/.." }, status: 400, field: "id" },
  { name: "an id with a NUL byte", as: "admin", request: { url: "/api/clients/abc%00def" }, status: 400, field: "id" },
  {
    name: "a client that does not exist",
    as: "admin",
    request: { url: `/api/clients/${unknownId}` },
    status: 404,
    code: "client_not_found",
  },
  {
    name: "rotating a client that does not exist",
    as: "admin",
    request: { method: "POST", url: `/api/clients/${unknownId}/secret`, headers: { origin } },
    status: 404,
  },
  {
    name: "a create body of 100 KB",
    as: "admin",
    request: { method: "POST", url: "/api/clients", headers: json, payload: client({ owner: long(100_000) }) },
    status: 413,
  },

  // /api/oauth2
  { name: "consent without a challenge", as: "user", request: { url: "/api/oauth2/consent" }, status: 400, field: "consent_challenge" },
  {
    name: "consent with an empty challenge",
    as: "user",
    request: { url: "/api/oauth2/consent?consent_challenge=" },
    status: 400,
    field: "consent_challenge",
  },
  {
    name: "consent with a 5000-character challenge",
    as: "user",
    request: { url: `/api/oauth2/consent?consent_challenge=${long(5000)}` },
    status: 400,
    field: "consent_challenge",
  },
  {
    name: "consent with a forged challenge",
    as: "user",
    request: { url: "/api/oauth2/consent?consent_challenge=forged" },
    status: 404,
    code: "challenge_unknown",
  },
  { name: "consent without a session", request: { url: "/api/oauth2/consent?consent_challenge=forged" }, status: 401 },
  {
    name: "accepting with scopes as an object",
    as: "user",
    request: {
      method: "POST",
      url: "/api/oauth2/consent/accept",
      headers: json,
      payload: JSON.stringify({ consent_challenge: "x", grant_scope: { openid: true } }),
    },
    status: 400,
    field: "grant_scope",
  },
  {
    name: "accepting two hundred scopes",
    as: "user",
    request: {
      method: "POST",
      url: "/api/oauth2/consent/accept",
      headers: json,
      payload: JSON.stringify({ consent_challenge: "x", grant_scope: Array.from({ length: 200 }, (_, i) => `s${i}`) }),
    },
    status: 400,
    field: "grant_scope",
  },
  {
    name: "accepting from another origin",
    as: "user",
    request: {
      method: "POST",
      url: "/api/oauth2/consent/accept",
      headers: { ...json, origin: "https://evil.example" },
      payload: JSON.stringify({ consent_challenge: "x", grant_scope: [] }),
    },
    status: 403,
  },
  {
    name: "accepting a forged challenge",
    as: "user",
    request: {
      method: "POST",
      url: "/api/oauth2/consent/accept",
      headers: json,
      payload: JSON.stringify({ consent_challenge: "forged", grant_scope: ["openid"] }),
    },
    status: 404,
  },
  {
    name: "rejecting without a session",
    request: { method: "POST", url: "/api/oauth2/consent/reject", headers: json, payload: JSON.stringify({ consent_challenge: "forged" }) },
    status: 401,
  },
  { name: "a forged logout challenge", request: { url: "/api/oauth2/logout?logout_challenge=forged" }, status: 404 },
  {
    name: "accepting a forged logout",
    request: { method: "POST", url: "/api/oauth2/logout/accept", headers: json, payload: JSON.stringify({ logout_challenge: "forged" }) },
    status: 404,
  },
  { name: "connected apps without a session", request: { url: "/api/oauth2/consents" }, status: 401 },
  { name: "revoking an app without Origin", as: "user", request: { method: "DELETE", url: "/api/oauth2/consents/some-app" }, status: 403 },
  {
    name: "revoking an app by a 300-character id",
    as: "user",
    request: { method: "DELETE", url: `/api/oauth2/consents/${long(300)}`, headers: { origin } },
    status: 404,
    code: "not_found",
  },
  {
    name: "revoking an app by an id that climbs the path",
    as: "user",
    request: { method: "DELETE", url: "/api/oauth2/consents/..%2F..%2Fclients", headers: { origin } },
    status: 400,
    field: "clientId",
  },
  { name: "an API route that does not exist", request: { url: "/api/admin/identities" }, status: 404, code: "not_found" },

  // The /kratos proxy
  {
    name: "Kratos' admin API through the proxy",
    request: { url: "/kratos/admin/identities" },
    status: 404,
    code: "not_found",
  },
  { name: "the admin API behind a double slash", request: { url: "/kratos//admin/identities" }, status: 404 },
  {
    name: "the admin API behind encoded dots",
    raw: true,
    request: { url: "/kratos/%2e%2e/admin/identities" },
    status: 404,
    code: "not_found",
  },
  {
    name: "the admin API behind a climbing path",
    raw: true,
    request: { url: "/kratos/self-service/login/../../admin/identities" },
    status: 404,
    code: "not_found",
  },
  { name: "the identities endpoint", request: { url: "/kratos/identities" }, status: 404 },
  { name: "Kratos' schemas", request: { url: "/kratos/schemas/default" }, status: 404 },
  { name: "Kratos' health endpoint", request: { url: "/kratos/health/ready" }, status: 404 },
  {
    name: "a native login flow (no CSRF protection)",
    request: { url: "/kratos/self-service/login/api" },
    status: 403,
    code: "native_flows_disabled",
  },
  {
    name: "a native logout",
    request: { method: "DELETE", url: "/kratos/self-service/logout/api", headers: json, payload: "{}" },
    status: 403,
  },
  {
    name: "a sign-in sent as text/plain",
    request: {
      method: "POST",
      url: "/kratos/self-service/login?flow=x",
      headers: { "content-type": "text/plain", origin },
      payload: "identifier=x",
    },
    status: 415,
  },
  {
    name: "a sign-in body that is a JSON array",
    request: { method: "POST", url: "/kratos/self-service/login?flow=x", headers: json, payload: "[]" },
    status: 400,
  },
  {
    name: "a sign-in with field names in capitals",
    request: {
      method: "POST",
      url: "/kratos/self-service/login?flow=x",
      headers: json,
      payload: JSON.stringify({ IDENTIFIER: "x", method: "password" }),
    },
    status: 400,
  },
  {
    name: "a sign-in body of 100 KB",
    request: {
      method: "POST",
      url: "/kratos/self-service/login?flow=x",
      headers: json,
      payload: JSON.stringify({ identifier: long(100_000) }),
    },
    status: 413,
  },
  {
    name: "revoking a session by a non-UUID",
    request: { method: "DELETE", url: "/kratos/sessions/not-a-uuid", headers: { origin } },
    status: 400,
  },
  { name: "TRACE through the proxy", request: { method: "TRACE", url: "/kratos/sessions/whoami" }, status: 404 },
  {
    name: "a sign-in posted by another site's page",
    request: {
      method: "POST",
      url: "/kratos/self-service/login?flow=x",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      payload: "{}",
    },
    status: 403,
    code: "cross_origin",
  },
  {
    name: "a flow asked to return to a host that only the browser reads (backslashes)",
    request: { url: "/kratos/self-service/login/browser?return_to=http:%5C%5Cevil.example/" },
    status: 400,
    code: "return_to_not_allowed",
  },

  // The static app
  // Outside /assets/ no path reaches the disk: one that names a file is a 404.
  { name: "a file that climbs out of the app", raw: true, request: { url: "/../../etc/passwd.txt" }, status: 404 },
  { name: "a file that climbs out of the assets", raw: true, request: { url: "/assets/../../etc/passwd.txt" }, status: 403 },
  { name: "encoded dots out of the assets", raw: true, request: { url: "/assets/..%2f..%2f..%2fpackage.json" }, status: 404 },
  { name: "encoded dots to the server's sources", raw: true, request: { url: "/%2e%2e/%2e%2e/server/src/config.ts" }, status: 404 },
  { name: "a NUL byte before an extension", request: { url: "/index.html%00.js" }, status: 404 },
  { name: "a NUL byte in an asset's name", request: { url: "/assets/index-abc123.js%00.map" }, status: 403 },
  { name: "a path with a broken escape", raw: true, request: { url: "/login%E0%A4%A" }, status: 400, code: "invalid_request" },
  { name: "a POST to a page", request: { method: "POST", url: "/settings", headers: json, payload: "{}" }, status: 404 },
  { name: "a 6000-character file name", request: { url: `/${long(6000)}.js` }, status: 404 },
  { name: "a 6000-character asset name", request: { url: `/assets/${long(6000)}.js` }, status: 403 },
];

t.ok(cases.length >= 60, `${cases.length} hostile requests`);
t.equal(new Set(cases.map((c) => c.name)).size, cases.length, "each one distinct");

/** A GET over a real socket, with the path exactly as written. */
async function rawGet(path: string, headers: OutgoingHttpHeaders): Promise<{ statusCode: number; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        resolve({ statusCode: response.statusCode ?? 0, body });
      });
    });
    sent.on("error", reject).end();
  });
}
await app.listen({ host: "127.0.0.1", port: 0 });

for (const { name, request, raw, as, status, code, field } of cases) {
  t.test(name, async (t) => {
    const caller = as ? callers[as] : undefined;
    const headers = { accept: "application/json", ...(request.headers ?? {}), ...(caller ? { cookie: caller.cookieHeader() } : {}) };
    const response = raw ? await rawGet(String(request.url), headers) : await app.inject({ ...request, headers });
    t.equal(response.statusCode, status, `${request.method ?? "GET"} ${String(request.url).slice(0, 80)}`);
    t.notMatch(
      response.body,
      /FST_|SyntaxError|Unexpected token|node_modules|\bat \S+:\d+:\d+|root:x:0:0|"dependencies"|readConfig/,
      "no internals",
    );
    const body = JSON.parse(response.body) as { code?: unknown; errors?: { field: string }[] };
    t.type(body.code, "string", "a code the app words");
    t.notOk("message" in body, "no words of the server's");
    if (String(request.url).startsWith("/api/")) t.ok(Value.Check(ErrorBody, body), `the declared error shape: ${response.body}`);
    if (code) t.equal(body.code, code);
    if (field)
      t.ok(
        body.errors?.some((error) => error.field === field),
        `names ${field}: ${response.body}`,
      );
  });
}
