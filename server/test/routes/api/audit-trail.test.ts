// Manage Users' audit trail against the real Kratos and Hydra: a line is
// written before the change it records, so that a state that cannot be
// written stops the change; lines are kept by time (AUDIT_RETENTION), so
// that no number of cheap actions pushes one out; and an admin exports the
// whole trail as JSON lines.
import { Configuration, IdentityApi } from "@ory/client";
import { Ajv } from "ajv";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import t, { type Test } from "tap";
import { AuditEntry } from "#contract/schemas/users.js";
import { createIdentity } from "../../../../testing/identities.js";
import { apiCaller, signedIn } from "../../helpers/api.js";
import { build, type Env } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useHydra } from "../../helpers/hydra.js";

const hydra = await useHydra(t);
const origin = hydra.env.PORTAL_ORIGIN!;
const kratosAdmin = new IdentityApi(new Configuration({ basePath: hydra.kratosAdminUrl }));

function stateDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), "portal-audit-"));
  t.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

const adminOf = async (app: FastifyInstance) =>
  signedIn(app, await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] }), { secondFactor: true });

/** Each request goes to the portal its browser signed in at. */
const call = apiCaller(origin);

const auditOf = async (as: Browser, id: string) =>
  (await call("GET", `/api/users/${id}`, { as })).json<{ audit: { action: string }[] }>().audit.map(({ action }) => action);

async function exported(as: Browser): Promise<AuditEntry[]> {
  const answer = await call("GET", "/api/users/audit", { as });
  if (answer.statusCode !== 200) throw new Error(`export: ${answer.statusCode} ${answer.body}`);
  return answer.body
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEntry);
}

t.test("no number of cheap actions pushes a line out of the trail", async (t) => {
  const app = await build(t, { ...hydra.env, PORTAL_STATE_DIR: stateDir(t), LIMIT_ADMIN_ACTION: "1000/15m" });
  const admin = await adminOf(app);
  const person = await createIdentity(hydra.kratosAdminUrl);
  t.equal((await call("POST", `/api/users/${person.id}/recovery-code`, { as: admin })).statusCode, 200);
  for (let i = 0; i < 210; i++) t.equal((await call("DELETE", `/api/users/${person.id}/sessions`, { as: admin })).statusCode, 204);
  const audit = await auditOf(admin, person.id);
  t.equal(audit.length, 211, "every line, on the person's page");
  t.equal(audit.at(-1), "recovery_code_created", "the first one too");
  const lines = (await exported(admin)).filter((line) => line.subject_id === person.id);
  t.equal(lines[0]?.action, "recovery_code_created", "and in the export, oldest first");
});

t.test("a line that cannot be written stops the change it would record", async (t) => {
  const dir = stateDir(t);
  const app = await build(t, { ...hydra.env, PORTAL_STATE_DIR: dir });
  const admin = await adminOf(app);
  const person = await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] });
  // The state file is written through state.json.tmp: a folder there makes every write fail, even as root.
  mkdirSync(join(dir, "state.json.tmp"));

  const code = await call("POST", `/api/users/${person.id}/recovery-code`, { as: admin });
  t.same([code.statusCode, code.json()], [500, { code: "internal_error" }], "no recovery code without its line");
  const deactivated = await call("PUT", `/api/users/${person.id}/state`, { as: admin, payload: { state: "inactive" } });
  t.equal(deactivated.statusCode, 500);
  const revoked = await call("POST", `/api/users/${person.id}/roles`, { as: admin, payload: { role: "admin", change: "revoke" } });
  t.equal(revoked.statusCode, 500);
  const deleted = await call("DELETE", `/api/users/${person.id}`, { as: admin });
  t.equal(deleted.statusCode, 500);
  const { data: identity } = await kratosAdmin.getIdentity({ id: person.id });
  t.equal(identity.state, "active", "still active");
  t.same((identity.metadata_public as { roles?: string[] }).roles, ["admin"], "still an admin, and still there");
});

async function withOldLines(t: Test, env: Env, ages: number[]) {
  const app = await build(t, { ...hydra.env, PORTAL_STATE_DIR: stateDir(t), ...env });
  const admin = await adminOf(app);
  const person = await createIdentity(hydra.kratosAdminUrl);
  for (const hoursAgo of ages) {
    await app.state.audit.add({
      action: "sessions_revoked",
      actor_id: "earlier-admin",
      actor_email: `${hoursAgo}h@example.org`,
      subject_id: person.id,
      at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      ip: "192.0.2.1",
    });
  }
  return { admin, person };
}

t.test("lines are kept for AUDIT_RETENTION, then they go", async (t) => {
  const { admin, person } = await withOldLines(t, { AUDIT_RETENTION: "2d" }, [72, 47, 1]);
  const { audit } = (await call("GET", `/api/users/${person.id}`, { as: admin })).json<{ audit: AuditEntry[] }>();
  t.same(
    audit.map(({ actor_email }) => actor_email),
    ["1h@example.org", "47h@example.org"],
    "within two days, newest first",
  );
  const lines = (await exported(admin)).filter((line) => line.subject_id === person.id);
  t.same(
    lines.map(({ actor_email }) => actor_email),
    ["47h@example.org", "1h@example.org"],
    "the export: the same, oldest first",
  );
});

t.test("by default, a year", async (t) => {
  const { admin, person } = await withOldLines(t, {}, [366 * 24, 364 * 24]);
  t.same(await auditOf(admin, person.id), ["sessions_revoked"], "the line of 364 days ago, not the one of 366");
});

t.test("the export: every line as JSON, to admins with a second factor only", async (t) => {
  const app = await build(t, { ...hydra.env, PORTAL_STATE_DIR: stateDir(t) });
  const admin = await adminOf(app);
  const person = await createIdentity(hydra.kratosAdminUrl);
  t.equal((await call("PUT", `/api/users/${person.id}/state`, { as: admin, payload: { state: "inactive" } })).statusCode, 200);
  t.equal((await call("DELETE", `/api/users/${person.id}`, { as: admin })).statusCode, 204);

  const answer = await call("GET", "/api/users/audit", { as: admin });
  t.equal(answer.statusCode, 200);
  t.match(answer.headers["content-type"], /^application\/x-ndjson/);
  t.match(answer.headers["content-disposition"], /^attachment; filename="audit-trail-\d{4}-\d\d-\d\d\.jsonl"$/);
  t.equal(answer.headers["cache-control"], "no-store");
  const lines = await exported(admin);
  const isEntry = new Ajv().compile(AuditEntry);
  t.ok(
    lines.every((line) => isEntry(line)),
    "each line an audit entry",
  );
  t.same(
    lines.filter((line) => line.subject_id === person.id).map(({ action }) => action),
    ["deactivated", "deleted"],
    "a deleted account's lines too",
  );

  const user = await createIdentity(hydra.kratosAdminUrl);
  const notAdmin = new Browser(app);
  await notAdmin.signIn(user.email, user.password);
  t.same((await call("GET", "/api/users/audit", { as: notAdmin })).json(), { code: "role_required" });
  const oneFactor = await createIdentity(hydra.kratosAdminUrl, { roles: ["admin"] });
  const aal1 = new Browser(app);
  await aal1.signIn(oneFactor.email, oneFactor.password);
  t.same((await call("GET", "/api/users/audit", { as: aal1 })).json(), { code: "aal2_required" });
  t.equal((await app.inject({ method: "GET", url: "/api/users/audit" })).statusCode, 401);
});
