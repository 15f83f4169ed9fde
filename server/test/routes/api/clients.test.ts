// /api/clients against the real Hydra and Kratos: who may call it, what it
// refuses before Hydra sees it, and what an admin sees Hydra do.
import { randomUUID } from "node:crypto";
import t from "tap";
import { createIdentity } from "../../../../testing/identities.js";
import { clientCredentialsToken } from "../../../../testing/oauth2-application.js";
import { freePort } from "../../../../stack/supervisor.js";
import { apiCaller, signedIn, type Method } from "../../helpers/api.js";
import { build } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useHydra } from "../../helpers/hydra.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const app = await build(t, hydra.env);

const call = apiCaller(origin, app);

/** A new user with these roles, signed in; with secondFactor, one who set up an authenticator app, which makes the session aal2. */
const signedInAs = async (roles?: string[], options?: { secondFactor?: boolean }) =>
  signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles }), options);

// Admin work needs a second factor (ADMIN_REQUIRE_AAL2, on by default).
const admin = await signedInAs(["admin"], { secondFactor: true });
const auditor = await signedInAs(["auditor"]);

const validClient = (name = `client ${randomUUID()}`) => ({
  client_name: name,
  grant_types: ["authorization_code", "refresh_token", "client_credentials"],
  response_types: ["code"],
  scope: "openid offline_access email profile",
  redirect_uris: ["https://maps.example.org/callback"],
  post_logout_redirect_uris: ["https://maps.example.org/signed-out"],
});

async function createClient(body: object = validClient()): Promise<{ client_id: string; client_secret: string | null }> {
  const response = await call("POST", "/api/clients", { as: admin, payload: body });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json();
}

const someId = randomUUID();
const routes: { method: Method; url: string; payload?: unknown }[] = [
  { method: "GET", url: "/api/clients" },
  { method: "GET", url: `/api/clients/${someId}` },
  { method: "POST", url: "/api/clients", payload: validClient() },
  { method: "PUT", url: `/api/clients/${someId}`, payload: { client_name: "renamed" } },
  { method: "POST", url: `/api/clients/${someId}/secret` },
  { method: "DELETE", url: `/api/clients/${someId}` },
];
const mutations = routes.filter((route) => route.method !== "GET");

t.test("every route refuses a caller who is not signed in (401) or not an admin (403)", async (t) => {
  for (const { method, url, payload } of routes) {
    const anonymous = await call(method, url, { payload });
    t.equal(anonymous.statusCode, 401, `${method} ${url} without a session`);
    t.same(anonymous.json(), { code: "not_signed_in" });
    const stale = await call(method, url, { payload, headers: { cookie: "ory_kratos_session=not-a-session" } });
    t.equal(stale.statusCode, 401, `${method} ${url} with a cookie Kratos does not know`);
    const other = await call(method, url, { as: auditor, payload });
    t.equal(other.statusCode, 403, `${method} ${url} as a user without the admin role`);
    t.same(other.json(), { code: "role_required" });
  }
});

t.test("admin work needs a sign-in with a second factor (ADMIN_REQUIRE_AAL2)", async (t) => {
  const oneFactor = await signedInAs(["admin"]);
  for (const { method, url, payload } of routes) {
    const refused = await call(method, url, { as: oneFactor, payload });
    t.equal(refused.statusCode, 403, `${method} ${url} as an admin without a second factor`);
    t.same(refused.json(), { code: "aal2_required" });
  }

  const user = await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] });
  const enrolling = new Browser(app);
  await enrolling.signIn(user.email, user.password);
  const secret = await enrolling.enrolTotp();
  // With an authenticator app set up, the password alone is one factor of two: Kratos asks for the other.
  const passwordOnly = new Browser(app);
  await passwordOnly.signIn(user.email, user.password);
  const stepUp = await call("GET", "/api/clients", { as: passwordOnly });
  t.equal(stepUp.statusCode, 403);
  t.same(stepUp.json(), { code: "aal2_required" });

  const bothFactors = new Browser(app);
  await bothFactors.signInWithTotp(user.email, user.password, secret);
  t.equal((await call("GET", "/api/clients?page_size=1", { as: bothFactors })).statusCode, 200, "password, then the authenticator app");
  const created = await call("POST", "/api/clients", { as: bothFactors, payload: validClient() });
  t.equal(created.statusCode, 201);
  t.equal((await call("DELETE", `/api/clients/${created.json().client_id}`, { as: bothFactors })).statusCode, 204);

  const relaxed = await build(t, { ...hydra.env, ADMIN_REQUIRE_AAL2: "false" });
  t.equal(
    (await call("GET", "/api/clients?page_size=1", { as: oneFactor, on: relaxed })).statusCode,
    200,
    "an operator can turn the rule off",
  );
});

t.test("every mutation refuses a missing or foreign Origin and a body that is not JSON (CSRF)", async (t) => {
  for (const { method, url, payload } of mutations) {
    const missing = await call(method, url, { as: admin, payload, headers: { origin: "" } });
    t.equal(missing.statusCode, 403, `${method} ${url} without Origin`);
    const foreign = await call(method, url, { as: admin, payload, headers: { origin: "https://evil.example" } });
    t.equal(foreign.statusCode, 403, `${method} ${url} from another origin`);
    t.same(foreign.json(), { code: "cross_origin" });
    const form = await call(method, url, {
      as: admin,
      payload: "client_name=x",
      headers: { "content-type": "text/plain" },
    });
    t.equal(form.statusCode, 403, `${method} ${url} with a text/plain body`);
    t.same(form.json(), { code: "json_required" });
  }
  const list = await call("GET", "/api/clients?page_size=1", { as: admin, headers: { origin: "https://evil.example" } });
  t.equal(list.statusCode, 200, "reading needs no Origin: it changes nothing");
});

t.test("create validates each rule with a code at the field, before Hydra sees it", async (t) => {
  const sameOrigin = { code: "uri_not_a_redirect_origin" };
  const cases: [string, object, string, object][] = [
    ["no name", { ...validClient(), client_name: "" }, "client_name", { code: "empty" }],
    ["a missing name", { grant_types: ["client_credentials"] }, "client_name", { code: "required" }],
    ["no grant type", { ...validClient(), grant_types: [] }, "grant_types", { code: "too_few", limit: 1 }],
    [
      "an unknown grant type",
      { ...validClient(), grant_types: ["password"] },
      "grant_types",
      { code: "not_allowed", values: ["authorization_code", "refresh_token", "client_credentials", "implicit"] },
    ],
    ["an unknown response type", { ...validClient(), response_types: ["code token"] }, "response_types", { code: "not_allowed" }],
    [
      "an unknown auth method",
      { ...validClient(), token_endpoint_auth_method: "private_key_jwt" },
      "token_endpoint_auth_method",
      { code: "not_allowed", values: ["client_secret_basic", "client_secret_post", "none"] },
    ],
    [
      "a relative redirect URI",
      { ...validClient(), redirect_uris: ["/callback"] },
      "redirect_uris",
      { code: "uri_not_absolute", value: "/callback" },
    ],
    [
      "a redirect URI with #",
      { ...validClient(), redirect_uris: ["https://maps.example.org/cb#x"], post_logout_redirect_uris: [] },
      "redirect_uris",
      { code: "uri_fragment", value: "https://maps.example.org/cb#x" },
    ],
    [
      "a post-logout URI on another host",
      { ...validClient(), post_logout_redirect_uris: ["https://other.example.org/bye"] },
      "post_logout_redirect_uris",
      { ...sameOrigin, value: "https://other.example.org/bye" },
    ],
    [
      "a post-logout URI on another port",
      { ...validClient(), post_logout_redirect_uris: ["https://maps.example.org:8443/bye"] },
      "post_logout_redirect_uris",
      sameOrigin,
    ],
    [
      "a post-logout URI on another scheme",
      { ...validClient(), redirect_uris: ["http://localhost:8080/callback"], post_logout_redirect_uris: ["https://localhost:8080/bye"] },
      "post_logout_redirect_uris",
      sameOrigin,
    ],
    [
      "client_credentials for a public client",
      { ...validClient(), token_endpoint_auth_method: "none" },
      "grant_types",
      { code: "public_client_credentials" },
    ],
    [
      "authorization_code without a redirect URI",
      { ...validClient(), redirect_uris: [], post_logout_redirect_uris: [] },
      "redirect_uris",
      { code: "redirect_uri_required" },
    ],
    ["a scope with a quote", { ...validClient(), scope: 'openid "email"' }, "scope", { code: "bad_characters" }],
    ["a logo that is not a URL", { ...validClient(), logo_uri: "logo.png" }, "logo_uri", { code: "not_http_url" }],
  ];
  for (const [what, body, field, problem] of cases) {
    const response = await call("POST", "/api/clients", { as: admin, payload: body });
    t.equal(response.statusCode, 400, what);
    const answer = response.json();
    t.equal(answer.code, "invalid_fields", what);
    t.match(
      answer.errors.find((e: { field: string }) => e.field === field),
      { field, ...problem },
      `${what}: ${JSON.stringify(answer)}`,
    );
  }
  const several = await call("POST", "/api/clients", { as: admin, payload: { client_name: "", grant_types: ["password"] } });
  t.same(
    several
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort(),
    ["client_name", "grant_types"],
    "every wrong field at once",
  );
});

t.test("redirect URIs: https, http on the loopback interface, an app's own scheme; nothing else", async (t) => {
  const notAllowed = "uri_scheme_not_allowed";
  const plainHttp = "uri_http_not_loopback";
  const spaces = "uri_whitespace";
  const refused: [string, string][] = [
    ["javascript:alert(document.cookie)", notAllowed],
    ["data:text/html,<script>alert(1)</script>", notAllowed],
    ["vbscript:msgbox(1)", notAllowed],
    ["file:///etc/passwd", notAllowed],
    ["blob:https://maps.example.org/0b8d7a3e", notAllowed],
    ["ftp://maps.example.org/callback", notAllowed],
    ["myapp:/callback", notAllowed],
    ["http://maps.example.org/callback", plainHttp],
    ["http://localhost.evil.example/callback", plainHttp],
    ["http://127.0.0.1.nip.io/callback", plainHttp],
    ["com.example.maps://callback", "uri_app_scheme_slash"],
    ["java\tscript:alert(1)", spaces],
    [" https://maps.example.org/callback", spaces],
  ];
  for (const [uri, code] of refused) {
    const response = await call("POST", "/api/clients", {
      as: admin,
      payload: { ...validClient(), redirect_uris: [uri], post_logout_redirect_uris: [] },
    });
    t.equal(response.statusCode, 400, uri);
    t.same(
      response.json().errors.filter((e: { field: string }) => e.field === "redirect_uris"),
      [{ field: "redirect_uris", code, value: uri }],
      `${uri}: one problem, with the URI it is about`,
    );
    const logout = await call("POST", "/api/clients", { as: admin, payload: { ...validClient(), post_logout_redirect_uris: [uri] } });
    t.equal(logout.statusCode, 400, `${uri} after logout`);
    t.match(
      logout.json().errors.find((e: { field: string }) => e.field === "post_logout_redirect_uris"),
      { code, value: uri },
      `${uri} after logout`,
    );
  }

  const allowed = [
    "https://maps.example.org/callback",
    "http://localhost:8080/callback",
    "http://127.0.0.1/callback",
    "http://127.0.0.2:9000/callback",
    "http://[::1]:3000/callback",
    "com.example.maps:/oauth2redirect",
  ];
  const created = await call("POST", "/api/clients", {
    as: admin,
    payload: {
      ...validClient(),
      redirect_uris: allowed,
      post_logout_redirect_uris: ["http://[::1]:3000/bye", "com.example.maps:/signed-out"],
    },
  });
  t.equal(created.statusCode, 201, created.body);
  t.same(created.json().redirect_uris, allowed, "Hydra stores them as given");
});

t.test("an admin creates, reads, updates, rotates and deletes a client", async (t) => {
  const chosen = await call("POST", "/api/clients", {
    as: admin,
    payload: { ...validClient("Tile server"), client_secret: "chosen-by-the-caller" },
  });
  t.same(
    [chosen.statusCode, chosen.json()],
    [400, { code: "invalid_fields", errors: [{ field: "client_secret", code: "unknown_field" }] }],
    "a caller cannot choose the secret: the field is refused, not dropped",
  );
  const created = await call("POST", "/api/clients", {
    as: admin,
    payload: { ...validClient("Tile server"), owner: "maps team", contacts: ["ops@example.org"] },
  });
  t.equal(created.statusCode, 201);
  const client = created.json();
  t.match(client, {
    client_name: "Tile server",
    owner: "maps team",
    contacts: ["ops@example.org"],
    token_endpoint_auth_method: "client_secret_basic",
  });
  t.type(client.client_secret, "string");
  t.equal(created.headers["cache-control"], "no-store");
  const secret: string = client.client_secret;
  await t.resolves(clientCredentialsToken(hydra, client.client_id, secret), "the secret shown works at Hydra");

  const read = await call("GET", `/api/clients/${client.client_id}`, { as: admin });
  t.equal(read.statusCode, 200);
  t.notOk("client_secret" in read.json(), "the secret is never shown again");
  t.same(Object.keys(read.json()).sort(), [
    "audience",
    "client_id",
    "client_name",
    "client_uri",
    "contacts",
    "created_at",
    "grant_types",
    "logo_uri",
    "owner",
    "post_logout_redirect_uris",
    "redirect_uris",
    "response_types",
    "scope",
    "skip_consent",
    "token_endpoint_auth_method",
    "updated_at",
  ]);

  const updated = await call("PUT", `/api/clients/${client.client_id}`, {
    as: admin,
    payload: { client_name: "Tile server (EU)", skip_consent: true },
  });
  t.equal(updated.statusCode, 200);
  t.match(
    updated.json(),
    {
      client_name: "Tile server (EU)",
      skip_consent: true,
      owner: "maps team",
      contacts: ["ops@example.org"],
      redirect_uris: ["https://maps.example.org/callback"],
      scope: "openid offline_access email profile",
    },
    "what the update does not name is kept",
  );
  t.notOk("client_secret" in updated.json());
  await t.resolves(clientCredentialsToken(hydra, client.client_id, secret), "the update keeps the secret");

  const badUpdate = await call("PUT", `/api/clients/${client.client_id}`, {
    as: admin,
    payload: { post_logout_redirect_uris: ["https://elsewhere.example/bye"] },
  });
  t.equal(badUpdate.statusCode, 400, "an update is checked against the client it merges into");
  t.equal(badUpdate.json().errors[0].field, "post_logout_redirect_uris");
  const emptyUpdate = await call("PUT", `/api/clients/${client.client_id}`, { as: admin, payload: {} });
  t.equal(emptyUpdate.statusCode, 400);

  const rotated = await call("POST", `/api/clients/${client.client_id}/secret`, { as: admin });
  t.equal(rotated.statusCode, 200);
  const newSecret: string = rotated.json().client_secret;
  t.not(newSecret, secret);
  await t.rejects(
    clientCredentialsToken(hydra, client.client_id, secret),
    { name: "ResponseBodyError", status: 401 },
    "the old secret stops working",
  );
  await t.resolves(clientCredentialsToken(hydra, client.client_id, newSecret), "the new one works");

  const deleted = await call("DELETE", `/api/clients/${client.client_id}`, { as: admin });
  t.equal(deleted.statusCode, 204);
  t.equal(deleted.body, "");
  const gone = await call("GET", `/api/clients/${client.client_id}`, { as: admin });
  t.equal(gone.statusCode, 404);
  t.same(gone.json(), { code: "client_not_found" });
  for (const [method, url, payload] of [
    ["PUT", `/api/clients/${client.client_id}`, { client_name: "x" }],
    ["POST", `/api/clients/${client.client_id}/secret`, undefined],
    ["DELETE", `/api/clients/${client.client_id}`, undefined],
  ] as const) {
    t.equal((await call(method, url, { as: admin, payload })).statusCode, 404, `${method} of a deleted client`);
  }
});

t.test("a public client gets no secret and has none to rotate", async (t) => {
  const body = { ...validClient(), grant_types: ["authorization_code"], token_endpoint_auth_method: "none" };
  const created = await createClient(body);
  t.equal(created.client_secret, null);
  const rotate = await call("POST", `/api/clients/${created.client_id}/secret`, { as: admin });
  t.equal(rotate.statusCode, 400);
  t.equal(rotate.json().errors[0].field, "token_endpoint_auth_method");
});

t.test("the list pages through Hydra and searches by part of the name", async (t) => {
  const tag = `pager-${randomUUID().slice(0, 8)}`;
  const names = Array.from({ length: 5 }, (_, i) => `${tag} Client ${i}`);
  const ids = [];
  for (const name of names) ids.push((await createClient(validClient(name))).client_id);

  const seen: string[] = [];
  let token: string | null = null;
  let pages = 0;
  do {
    const query: string = `page_size=2${token ? `&page_token=${encodeURIComponent(token)}` : ""}`;
    const response = await call("GET", `/api/clients?${query}`, { as: admin });
    t.equal(response.statusCode, 200);
    const page = response.json();
    t.ok(page.items.length <= 2, "no page is larger than asked");
    seen.push(...page.items.map((c: { client_id: string }) => c.client_id));
    token = page.next_page_token;
    pages += 1;
  } while (token && pages < 1000);
  t.ok(pages >= 3, `more than one page (${pages})`);
  t.equal(new Set(seen).size, seen.length, "no client twice");
  for (const id of ids) t.ok(seen.includes(id), `${id} is on a page`);

  const found: string[] = [];
  token = null;
  do {
    const query: string = `page_size=2&search=${encodeURIComponent(tag.toUpperCase())}${token ? `&page_token=${encodeURIComponent(token)}` : ""}`;
    const page = (await call("GET", `/api/clients?${query}`, { as: admin })).json();
    found.push(...page.items.map((c: { client_name: string }) => c.client_name));
    token = page.next_page_token;
  } while (token);
  t.same(found.sort(), names, "search finds every match, any case, and nothing else");

  const none = (await call("GET", `/api/clients?search=${tag}-nothing`, { as: admin })).json();
  t.same(none, { items: [], next_page_token: null });
  const tooBig = await call("GET", "/api/clients?page_size=1000", { as: admin });
  t.equal(tooBig.statusCode, 400);
  t.equal(tooBig.json().errors[0].field, "page_size");
});

t.test("when Hydra cannot be reached, every route says so with 503", async (t) => {
  const closedPort = await freePort();
  const offline = await build(t, { ...hydra.env, HYDRA_ADMIN_URL: `http://127.0.0.1:${closedPort}` });
  for (const { method, url, payload } of routes) {
    const response = await call(method, url, { as: admin, payload, on: offline });
    t.equal(response.statusCode, 503, `${method} ${url}`);
    t.same(response.json(), { code: "hydra_unavailable" });
  }
  const session = await offline.inject({ url: "/api/session", headers: { cookie: admin.cookieHeader() } });
  t.equal(session.statusCode, 200, "the rest of the portal keeps working");
});

t.test("the app page of Manage Clients holds the first page of clients for an admin, and nothing for anyone else", async (t) => {
  const created = await call("POST", "/api/clients", { as: admin, payload: validClient() });
  t.equal(created.statusCode, 201);
  const firstPage = (await call("GET", "/api/clients?page_size=25", { as: admin })).json<{ items: { client_id: string }[] }>();

  const answersOf = async (as?: Browser) => {
    const page = await app.inject({ url: "/manage-clients", headers: as ? { cookie: as.cookieHeader() } : {} });
    const boot = /<script type="application\/json" id="portal-boot">(.*?)<\/script>/s.exec(page.body)?.[1];
    return (JSON.parse(boot ?? "{}") as { answers?: Record<string, unknown> }).answers;
  };
  t.same(await answersOf(admin), { "/api/clients?page_size=25": firstPage }, "what the page's list asks first");
  // The route's own guards decide: a role missing, a second factor missing, no session.
  t.same(await answersOf(auditor), {});
  t.same(await answersOf(await signedInAs(["admin"])), {});
  t.same(await answersOf(), {});

  t.equal((await call("DELETE", `/api/clients/${created.json<{ client_id: string }>().client_id}`, { as: admin })).statusCode, 204);
});
