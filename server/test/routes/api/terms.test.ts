// The terms of service (TERMS_URL, PRIVACY_URL, TERMS_VERSION) against the real
// Kratos: the configuration's checks, the runtime configuration's links, the
// acceptance recorded in metadata_public.terms, and a new version holding every
// signed-in route but the session's, accepting's and the account's data and
// deletion until it is accepted, once.
import { Configuration, IdentityApi } from "@ory/client";
import t from "tap";
import { createIdentity } from "../../../../testing/identities.js";
import { readConfig } from "../../../src/config.js";
import { build } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useHydra } from "../../helpers/hydra.js";

t.test("the terms are configured together, as http(s) URLs and a short version", async (t) => {
  t.equal(readConfig({}).terms, undefined, "none by default");
  t.same(readConfig({ TERMS_URL: "https://example.org/terms", TERMS_VERSION: "2026-01" }).terms, {
    url: "https://example.org/terms",
    privacyUrl: undefined,
    version: "2026-01",
  });
  t.same(
    readConfig({ TERMS_URL: "https://example.org/terms", PRIVACY_URL: "http://example.org/privacy", TERMS_VERSION: "v2" }).terms
      ?.privacyUrl,
    "http://example.org/privacy",
  );
  const refused = (env: Record<string, string>, message: RegExp) => t.throws(() => readConfig(env), { name: "ConfigError", message });
  refused({ TERMS_VERSION: "1" }, /^TERMS_URL must be set/);
  refused({ PRIVACY_URL: "https://example.org/privacy" }, /^TERMS_URL must be set/);
  refused({ TERMS_URL: "https://example.org/terms" }, /^TERMS_VERSION must be set/);
  refused({ TERMS_URL: "https://example.org/terms", TERMS_VERSION: "a version with spaces" }, /^TERMS_VERSION must be/);
  refused({ TERMS_URL: "https://example.org/terms", TERMS_VERSION: "x".repeat(33) }, /^TERMS_VERSION must be/);
  refused({ TERMS_URL: "javascript:alert(1)", TERMS_VERSION: "1" }, /^TERMS_URL must use http or https/);
  refused({ TERMS_URL: "https://example.org/terms", PRIVACY_URL: "data:text/html,x", TERMS_VERSION: "1" }, /^PRIVACY_URL must use http/);
});

// Hydra too: the account's data holds its connected applications.
const stack = await useHydra(t);
const kratosAdmin = new IdentityApi(new Configuration({ basePath: stack.kratosAdminUrl }));
const origin = stack.env.PORTAL_ORIGIN!;
const termsEnv = { TERMS_URL: "https://example.org/terms", PRIVACY_URL: "https://example.org/privacy" };

t.test("the runtime configuration links the terms", async (t) => {
  const app = await build(t, { ...stack.env, ...termsEnv, TERMS_VERSION: "2026-01" });
  t.same((await app.inject("/config.json")).json().terms, {
    ...{ url: termsEnv.TERMS_URL, privacyUrl: termsEnv.PRIVACY_URL },
    version: "2026-01",
  });
  const plain = await build(t, stack.env);
  t.equal((await plain.inject("/config.json")).json().terms, undefined);
});

t.test("a new version asks once: every signed-in route waits until it is accepted, and the acceptance is recorded", async (t) => {
  const user = await createIdentity(stack.kratosAdminUrl);
  const first = await build(t, { ...stack.env, ...termsEnv, TERMS_VERSION: "2026-01" });
  const browser = new Browser(first);
  await browser.signIn(user.email, user.password);
  const call = (app: typeof first, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: browser.cookieHeader(), origin }, ...(payload ? { payload } : {}) });

  const session = await call(first, "GET", "/api/session");
  t.equal(session.statusCode, 200, "the session answers");
  t.equal(session.json().terms_pending, "2026-01", "and says which version to accept");
  const held = await call(first, "GET", "/api/account/activity");
  t.equal(held.statusCode, 403, "any other signed-in route waits");
  t.equal(held.json().code, "terms_required");

  // Whoever does not accept may still take their data and delete the account.
  const data = await call(first, "GET", "/api/account/export");
  t.equal(data.statusCode, 200, "downloading the account's data answers");
  t.equal(data.json<{ account: { traits: { email: string } } }>().account.traits.email, user.email, "with the account's data");
  const deletion = await call(first, "DELETE", "/api/account", { email: "someone-else@example.org" });
  t.equal(deletion.statusCode, 400);
  t.equal(deletion.json().code, "invalid_fields", "deleting answers: here it refuses an address that is not the account's");

  const stale = await call(first, "POST", "/api/account/terms", { version: "2025-12" });
  t.equal(stale.statusCode, 409, "a version other than the one asked for is not accepted");
  t.equal(stale.json().code, "terms_version_changed");

  const before = Date.now();
  t.equal((await call(first, "POST", "/api/account/terms", { version: "2026-01" })).statusCode, 204);
  const recorded = (await kratosAdmin.getIdentity({ id: user.id })).data.metadata_public as {
    terms?: { version: string; accepted_at: string };
  };
  t.equal(recorded.terms?.version, "2026-01", "Kratos keeps the version accepted");
  t.ok(Date.parse(recorded.terms?.accepted_at ?? "") >= before - 1000, "and when");
  t.equal((await call(first, "GET", "/api/session")).json().terms_pending, undefined, "not asked again");
  t.equal((await call(first, "GET", "/api/account/activity")).statusCode, 200, "the routes answer again");

  // The operator publishes new terms: the same person is asked once more, and their roles stay.
  await kratosAdmin.patchIdentity({
    id: user.id,
    jsonPatch: [{ op: "add", path: "/metadata_public/roles", value: ["reader"] }],
  });
  const next = await build(t, { ...stack.env, ...termsEnv, TERMS_VERSION: "2026-02" });
  t.equal((await call(next, "GET", "/api/session")).json().terms_pending, "2026-02");
  t.equal((await call(next, "GET", "/api/account/activity")).statusCode, 403);
  t.equal((await call(next, "POST", "/api/account/terms", { version: "2026-02" })).statusCode, 204);
  t.equal((await call(next, "GET", "/api/account/activity")).statusCode, 200);
  const metadata = (await kratosAdmin.getIdentity({ id: user.id })).data.metadata_public as {
    roles?: string[];
    terms?: { version: string };
  };
  t.same(metadata.roles, ["reader"], "the rest of metadata_public is kept");
  t.equal(metadata.terms?.version, "2026-02");
});

t.test("without terms configured, nothing is asked and nothing can be accepted", async (t) => {
  const user = await createIdentity(stack.kratosAdminUrl);
  const app = await build(t, stack.env);
  const browser = new Browser(app);
  await browser.signIn(user.email, user.password);
  const headers = { cookie: browser.cookieHeader(), origin };
  t.equal((await app.inject({ url: "/api/session", headers })).json().terms_pending, undefined);
  t.equal((await app.inject({ url: "/api/account/activity", headers })).statusCode, 200);
  const accept = await app.inject({ method: "POST", url: "/api/account/terms", headers, payload: { version: "1" } });
  t.equal(accept.statusCode, 404);
});
