// GET /api/account/export ("Download my data") against the real Kratos and Hydra: the file a signed-in
// person gets, what is in it and what never is (a secret), the activity line it leaves, and its limit.
import t from "tap";
import type { AccountExport } from "#contract/schemas/account.js";
import { createIdentity } from "../../../testing/identities.js";
import { build } from "../helpers/build.js";
import { Browser } from "../helpers/browser.js";
import { useHydra } from "../helpers/hydra.js";

const hydra = await useHydra(t);
const app = await build(t, { ...hydra.env, LIMIT_DATA_EXPORT: "2/1h" });

const download = (browser?: Browser, url = "/api/account/export") =>
  app.inject({ method: "GET", url, headers: browser ? { cookie: browser.cookieHeader() } : {} });

t.test("the signed-in person downloads their account as a JSON file, without a secret in it, a few times an hour", async (t) => {
  const user = await createIdentity(hydra.kratosAdminUrl, { name: { first: "Ada", last: "Lovelace" }, verified: true });
  const browser = new Browser(app);
  await browser.signIn(user.email, user.password);
  const totpSecret = await browser.enrolTotp();
  const codes = await browser.enrolBackupCodes();
  t.ok(codes.length > 0, "backup codes, generated and confirmed as their owner would");

  t.equal((await download()).statusCode, 401, "not signed in");
  const unknown = await download(browser, "/api/account/export?format=csv");
  t.same([unknown.statusCode, unknown.json().code], [400, "invalid_fields"], "a query it does not take");

  const answer = await download(browser);
  t.equal(answer.statusCode, 200);
  t.match(answer.headers["content-type"], /^application\/json/);
  t.match(answer.headers["content-disposition"], /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/);
  t.equal(answer.headers["cache-control"], "no-store");
  const file = answer.json<AccountExport>();
  t.equal(file.format, "account-portal-export/1");
  t.same(file.account.traits, { email: user.email, name: { first: "Ada", last: "Lovelace" } });
  t.same(
    file.addresses.map(({ value, verified }) => ({ value, verified })),
    [{ value: user.email, verified: true }],
  );
  t.same(
    file.sign_in_methods.map(({ type }) => type).sort(),
    ["code", "lookup_secret", "password", "totp"],
    "a code by mail, backup codes, the password, the authenticator app",
  );
  t.same(
    file.sessions.map(({ methods }) => methods),
    [["password", "totp", "lookup_secret"]],
    "this browser's session, and how it was signed in",
  );
  t.same(file.connected_apps, []);
  t.ok(
    file.activity.every(({ type }) => type !== "data_exported"),
    "this download is recorded after it",
  );
  t.match(
    file.sign_in_methods.find(({ type }) => type === "lookup_secret"),
    { unused: codes.length, total: codes.length },
    "the backup codes by count",
  );
  t.notOk(
    codes.some((code) => answer.body.includes(code)),
    "never a backup code",
  );
  t.notOk(answer.body.includes(totpSecret), "never the authenticator app's secret");
  t.notOk(answer.body.includes(user.password), "never the password");
  t.notOk(/hashed_password|totp_url|public_key|recovery_codes/.test(answer.body), "never a credential's configuration");

  const again = await download(browser);
  t.equal(again.statusCode, 200);
  t.equal(again.json<AccountExport>().activity[0]?.type, "data_exported", "the first download, in the account's activity");
  const activity = await app.inject({ method: "GET", url: "/api/account/activity", headers: { cookie: browser.cookieHeader() } });
  t.equal(activity.json().events[0].type, "data_exported", "and on the page that shows it");

  const limited = await download(browser);
  t.same([limited.statusCode, limited.json().code], [429, "rate_limited"], "the third in an hour");
});

t.test("downloading needs a recent sign-in: an older session is refused, until its owner signs in again", async (t) => {
  const strict = await build(t, { ...hydra.env, PRIVILEGED_SESSION_MAX_AGE: "2s" });
  const user = await createIdentity(hydra.kratosAdminUrl);
  const browser = new Browser(strict);
  await browser.signIn(user.email, user.password);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const exportAs = () => strict.inject({ method: "GET", url: "/api/account/export", headers: { cookie: browser.cookieHeader() } });

  const refused = await exportAs();
  t.same(
    [refused.statusCode, refused.json()],
    [403, { code: "reauthentication_required" }],
    "the app sends the person through /login?refresh=true",
  );
  t.equal(refused.headers["content-disposition"], undefined, "no file");
  const activity = await strict.inject({ method: "GET", url: "/api/account/activity", headers: { cookie: browser.cookieHeader() } });
  t.notOk(
    activity.json<{ events: { type: string }[] }>().events.some(({ type }) => type === "data_exported"),
    "nothing was exported",
  );

  t.equal((await browser.signIn(user.email, user.password, "?refresh=true")).statusCode, 200, "signed in again, with the password");
  const allowed = await exportAs();
  t.equal(allowed.statusCode, 200, "then the download works");
  t.equal(allowed.json<AccountExport>().account.traits.email, user.email);
});
