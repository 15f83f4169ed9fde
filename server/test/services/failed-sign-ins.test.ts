// Wrong passwords recorded for the account they name, against the real Kratos
// through the portal's /kratos proxy: what its owner reads after signing in
// (GET /api/account/failed-sign-ins, the activity), what an admin reads on the
// person's page, and the one mail when they lock the account.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import t from "tap";
import { apiReads } from "#contract/boot.js";
import type { FailedSignInsSummary } from "#contract/schemas/account.js";
import type { UserDetail } from "#contract/schemas/users.js";
import { createIdentity, uniqueEmail } from "../../../testing/identities.js";
import { failedSinceLastSignIn } from "../../src/services/failed-sign-ins.js";
import { apiCaller, ok, signedIn } from "../helpers/api.js";
import { useKratos } from "../helpers/kratos.js";
import { Browser } from "../helpers/browser.js";
import { assertLimited, limitedPortal, newIp } from "../helpers/limits.js";
import { mailsTo, waitForMail } from "../helpers/mail.js";

const kratos = await useKratos(t);
const stateDir = mkdtempSync(join(tmpdir(), "portal-failed-sign-ins-"));
t.teardown(() => {
  rmSync(stateDir, { recursive: true, force: true });
});
const app = await limitedPortal(t, kratos, { PORTAL_STATE_DIR: stateDir, LIMIT_SIGN_IN_ACCOUNT: "4/15m" });
const call = apiCaller(kratos.env.PORTAL_ORIGIN ?? "", app);

const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** A browser at a fresh address whose user agent is Firefox on Windows. */
const firefox = (ip = newIp()) => new Browser(app, { headers: { "x-forwarded-for": ip, "user-agent": firefoxOnWindows } });

/** The recording runs once the answer went out: waits until `read` gives what `done` wants (up to 10 s). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Everything the portal's state keeps, as text. */
const stateText = () =>
  readdirSync(stateDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
    .join("\n");

t.test("the owner reads the wrong passwords since the sign-in before, with the device and the address", async (t) => {
  const user = await createIdentity(kratos.adminUrl);
  const ip = newIp();
  for (let attempt = 1; attempt <= 3; attempt++) {
    t.equal((await firefox(ip).signIn(user.email, `wrong-${attempt}`)).statusCode, 400, `wrong password ${attempt}`);
  }
  const owner = await signedIn(app, user);
  const summary = await eventually(
    async () => ok(await call("GET", apiReads.failedSignIns, { as: owner })).json<FailedSignInsSummary>(),
    (value) => value.count === 3,
  );
  t.equal(summary.count, 3, "three");
  t.same(summary.last?.device, { browser: "Firefox", version: "133", os: "Windows" }, "the last one's device");
  t.equal(summary.last?.ip, ip, "and address");
  t.ok(Date.now() - Date.parse(summary.last?.at ?? "") < 60_000, "and time");
  const activity = ok(await call("GET", apiReads.accountActivity, { as: owner })).json<{ events: { type: string }[] }>();
  t.equal(activity.events.filter((event) => event.type === "sign_in_failed").length, 3, "in the activity");
  t.notMatch(stateText(), "wrong-1", "no typed password is kept");
});

t.test("an identifier that is no account's leaves nothing", async (t) => {
  const nobody = uniqueEmail("nobody");
  t.equal((await firefox().signIn(nobody, "wrong-nobody")).statusCode, 400);
  const user = await createIdentity(kratos.adminUrl);
  t.equal((await firefox().signIn(user.email, "wrong-known")).statusCode, 400);
  const owner = await signedIn(app, user);
  await eventually(
    async () => ok(await call("GET", apiReads.failedSignIns, { as: owner })).json<FailedSignInsSummary>(),
    (value) => value.count === 1,
  );
  t.notMatch(stateText(), nobody, "the unknown address is kept nowhere");
  t.notMatch(stateText(), "wrong-nobody", "nor its password");
});

t.test("only the attempts since the sign-in before this session's count", async (t) => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 12, minutes)).toISOString();
  const device = { browser: "Firefox", version: "133", os: "Windows" } as const;
  const events = [
    // This session's sign-in, recorded by Kratos' hook after the session began.
    { type: "sign_in" as const, at: at(30) },
    { type: "sign_in_failed" as const, at: at(20), device, ip: "198.51.100.7" },
    { type: "sign_in_failed" as const, at: at(15), device },
    { type: "sign_in" as const, at: at(10) },
    { type: "sign_in_failed" as const, at: at(5), device },
  ];
  t.same(failedSinceLastSignIn(events, new Date(at(29))), { count: 2, last: { at: at(20), device, ip: "198.51.100.7" } });
  t.same(failedSinceLastSignIn(events.slice(0, 1), new Date(at(29))), { count: 0, last: null }, "none: no notice");
});

t.test("the lock mails the address Kratos holds, once, with what to do", async (t) => {
  const user = await createIdentity(kratos.adminUrl, { verified: true });
  // As Kratos reads it: another case and spaces name the same account.
  const typed = `  ${user.email.toUpperCase()} `;
  for (let attempt = 1; attempt <= 4; attempt++) {
    t.equal((await firefox().signIn(typed, `wrong-${attempt}`)).statusCode, 400, `wrong password ${attempt}`);
  }
  assertLimited(t, await firefox().signIn(user.email, "wrong-5"), "then locked");
  const mail = await waitForMail(kratos.mailUrl, user.email, /paused/);
  t.match(mail.text, /until .+ on every browser you have not signed in from before/, "says until when");
  t.match(mail.text, `${kratos.env.PORTAL_ORIGIN}/recovery`, "and where to recover");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.equal((await mailsTo(kratos.mailUrl, user.email)).filter((sent) => /paused/.test(sent.subject)).length, 1, "one mail per lock");
  t.equal((await mailsTo(kratos.mailUrl, typed)).length, 0, "none to the address as typed");
});

t.test("an admin reads the person's wrong passwords", async (t) => {
  const user = await createIdentity(kratos.adminUrl);
  t.equal((await firefox().signIn(user.email, "wrong")).statusCode, 400);
  const admin = await signedIn(app, await createIdentity(kratos.adminUrl, { roles: ["admin"] }), { secondFactor: true });
  const detail = await eventually(
    async () => ok(await call("GET", apiReads.user(user.id), { as: admin })).json<UserDetail>(),
    (value) => (value.user.failed_sign_ins ?? []).length === 1,
  );
  t.match(detail.user.failed_sign_ins, [{ device: { browser: "Firefox", os: "Windows" } }], "on the person's page");
  const listed = ok(await call("GET", apiReads.usersFirstPage({ email: user.email, match: "exact" }), { as: admin })).json<{
    items: UserDetail["user"][];
  }>();
  t.equal(listed.items[0]?.failed_sign_ins, undefined, "the list leaves them out");
});
