// The portal's state in a shared Redis (PORTAL_REDIS_URL): two portals see
// one outbox, and a mail queued at one is sent once, whichever sends it;
// activity and admins' audit lines recorded at one are read at the other.
import { randomUUID } from "node:crypto";
import t from "tap";
import { startRedis } from "../../../stack/redis.js";
import { Supervisor } from "../../../stack/supervisor.js";
import { knownDevicesKept } from "../../src/state/portal-state.js";
import { build } from "../helpers/build.js";
import { useKratos } from "../helpers/kratos.js";
import { mailsTo, waitForMail } from "../helpers/mail.js";

const kratos = await useKratos(t);
const supervisor = new Supervisor({ echo: false });
const redis = await startRedis(supervisor);
t.teardown(async () => {
  await supervisor.stopAll();
  redis.remove();
});

t.test("two portals share the outbox and the activity; each mail is sent once", async (t) => {
  const env = { ...kratos.env, PORTAL_REDIS_URL: redis.url };
  const options = { outboxOptions: { pollMs: 50 } };
  const [a, b] = [await build(t, env, undefined, options), await build(t, env, undefined, options)];
  const address = `shared-${Date.now()}@example.org`;
  for (let i = 0; i < 5; i++) await (i % 2 ? a : b).outbox.send({ to: address, subject: `Shared ${i}`, text: "One of five." });
  for (let i = 0; i < 5; i++) await waitForMail(kratos.mailUrl, address, new RegExp(`Shared ${i}`));
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.equal((await mailsTo(kratos.mailUrl, address)).length, 5, "five mails, none twice");

  const account = "1d7c6a3e-6f0e-4f4b-9c8e-2a4f0c1b2d3e";
  await Promise.all(
    Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).state.activity.add(account, { type: "sign_in", at: new Date(i).toISOString() })),
  );
  const events = await b.state.activity.list(account);
  t.equal(events.length, 50, "written at once by two portals: the newest 50 kept, none lost to the other");
  const [first, second] = await Promise.all([
    a.state.devices.remember(account, "Chrome|Linux"),
    b.state.devices.remember(account, "Chrome|Linux"),
  ]);
  t.same([first.known, second.known].sort(), [false, true], "a device is new to exactly one of two portals at once");
  await a.state.forget(account);
  t.same(await b.state.activity.list(account), [], "forgotten at both");
});

t.test("two portals write Manage Users' audit trail at once and lose no line; deleting the account keeps it", async (t) => {
  const env = { ...kratos.env, PORTAL_REDIS_URL: redis.url };
  const [a, b] = [await build(t, env), await build(t, env)];
  const subject = "5b0e8c1f-2a3d-4e5f-8a9b-0c1d2e3f4a5b";
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? a : b).state.audit.add({
        action: "sessions_revoked",
        actor_id: `admin-${i}`,
        actor_email: `admin-${i}@example.org`,
        subject_id: subject,
        at: new Date(Date.now() - i * 1000).toISOString(),
        ip: "192.0.2.1",
      }),
    ),
  );
  const lines = await a.state.audit.list(subject);
  t.same(lines.map(({ actor_id }) => actor_id).sort(), Array.from({ length: 20 }, (_, i) => `admin-${i}`).sort(), "every line, from both");
  await b.state.forget(subject);
  t.equal((await a.state.audit.list(subject)).length, 20, "the record of who acted outlives the account");
});

t.test("an account's devices: the most recently used kept, up to the cap, in either store", async (t) => {
  for (const [store, env] of [
    ["Redis", { PORTAL_REDIS_URL: redis.url }],
    ["the file", {}],
  ] as const) {
    const app = await build(t, { ...kratos.env, ...env });
    const account = randomUUID();
    for (let i = 0; i <= knownDevicesKept; i++) await app.state.devices.remember(account, `Browser ${i}|System`);
    t.same(
      await app.state.devices.remember(account, "Browser 1|System"),
      { known: true, before: knownDevicesKept },
      `${store}: at the cap`,
    );
    const kept = await app.state.devices.list(account);
    t.equal(kept.length, knownDevicesKept, `${store}: no more than the cap`);
    t.equal(kept[0], "Browser 1|System", `${store}: the one used last first`);
    t.notOk(kept.includes("Browser 0|System"), `${store}: the least recently used forgotten`);
    t.same(
      await app.state.devices.remember(account, "Browser 0|System"),
      { known: false, before: knownDevicesKept },
      `${store}: new again`,
    );
  }
});

t.test("two portals wait for each other's lock", async (t) => {
  const env = { ...kratos.env, PORTAL_REDIS_URL: redis.url };
  const [a, b] = [await build(t, env), await build(t, env)];
  let inside = 0;
  let most = 0;
  const work = async () => {
    inside += 1;
    most = Math.max(most, inside);
    await new Promise((resolve) => setTimeout(resolve, 100));
    inside -= 1;
  };
  const failing = async () => {
    throw new Error("broken");
  };
  const results = await Promise.allSettled([
    a.state.withLock("test", work),
    b.state.withLock("test", failing),
    b.state.withLock("test", work),
    a.state.withLock("test", work),
  ]);
  t.same(
    results.map((result) => result.status),
    ["fulfilled", "rejected", "fulfilled", "fulfilled"],
    "a work that fails is its caller's failure, and frees the lock",
  );
  t.equal(most, 1, "one at a time");
});
