// POST /api/users/import against the real Kratos: the dry run's refusal of
// each kind of bad row, then an import whose people sign in with the
// passwords their hashes were made from, by each algorithm's own library.
import { pbkdf2Sync, randomBytes, scryptSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { argon2id } from "hash-wasm";
import t from "tap";
import { createIdentity, uniqueEmail } from "../../../../testing/identities.js";
import type { ImportPerson } from "#contract/schemas/users.js";
import { apiCaller, ok, signedIn } from "../../helpers/api.js";
import { build, LogLines } from "../../helpers/build.js";
import { Browser } from "../../helpers/browser.js";
import { useKratos } from "../../helpers/kratos.js";

const kratos = await useKratos(t);
const stateDir = mkdtempSync(join(tmpdir(), "portal-import-state-"));
t.teardown(() => {
  rmSync(stateDir, { recursive: true, force: true });
});
const logs = new LogLines();
const app = await build(t, { ...kratos.env, PORTAL_STATE_DIR: stateDir, LOG_LEVEL: "debug" }, undefined, { logs });
const origin = kratos.env.PORTAL_ORIGIN!;
const call = apiCaller(origin, app);

const adminUser = await createIdentity(kratos.adminUrl, { roles: ["admin"] });
const admin = await signedIn(app, adminUser, { secondFactor: true });

const person = (email: string, password_hash: string, more: Partial<ImportPerson> = {}): ImportPerson => ({
  email,
  first_name: "Imported",
  last_name: "Person",
  verified: true,
  roles: [],
  password_hash,
  ...more,
});

/** Kratos' pbkdf2 form of a Keycloak credential: unpadded base64 of the salt and the key. */
function pbkdf2Hash(password: string, digest: "sha256" | "sha512", iterations = 27_500): string {
  const salt = randomBytes(16);
  const key = pbkdf2Sync(password, salt, iterations, digest === "sha256" ? 32 : 64, digest);
  const raw = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");
  return `$pbkdf2-${digest}$i=${iterations},l=${key.length}$${raw(salt)}$${raw(key)}`;
}

function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16_384, r: 8, p: 1 });
  return `$scrypt$ln=16384,r=8,p=1$${salt.toString("base64")}$${key.toString("base64")}`;
}

const importBatch = async (people: ImportPerson[], dryRun: boolean) =>
  ok(await call("POST", "/api/users/import", { as: admin, payload: { dry_run: dryRun, people } })).json<{
    rows: { email: string; outcome: string; reason?: string }[];
  }>();

t.test("a dry run refuses each bad row with its reason and imports nothing", async (t) => {
  const bcryptHash = bcrypt.hashSync("some password", 4);
  const fresh = uniqueEmail("dry");
  const twice = uniqueEmail("twice");
  const existing = await createIdentity(kratos.adminUrl);
  const { rows } = await importBatch(
    [
      person(fresh, bcryptHash),
      person("not an address", bcryptHash),
      person(uniqueEmail("hash"), "plain-text-password"),
      person(twice, bcryptHash),
      person(twice.toUpperCase(), bcryptHash),
      person(existing.email, bcryptHash),
      person(uniqueEmail("role"), bcryptHash, { roles: ["superuser"] }),
    ],
    true,
  );
  t.same(
    rows.map(({ outcome, reason }) => [outcome, reason]),
    [
      ["will_import", undefined],
      ["refused", "invalid_email"],
      ["refused", "unknown_hash"],
      ["will_import", undefined],
      ["refused", "duplicate"],
      ["refused", "account_exists"],
      ["refused", "unknown_role"],
    ],
  );
  const again = await importBatch([person(fresh, bcryptHash)], true);
  t.equal(again.rows[0]?.outcome, "will_import", "the dry run created no account");
});

t.test("imported people sign in with their old passwords; the trail has a line each; no hash is logged", async (t) => {
  const password = (kind: string) => `old ${kind} password ${randomBytes(4).toString("hex")}`;
  const cases: { kind: string; password: string; hash: string }[] = [];
  for (const kind of ["bcrypt", "pbkdf2-sha256", "pbkdf2-sha512", "scrypt", "argon2id"]) {
    const secret = password(kind);
    const hash =
      kind === "bcrypt"
        ? bcrypt.hashSync(secret, 10)
        : kind === "pbkdf2-sha256"
          ? pbkdf2Hash(secret, "sha256")
          : kind === "pbkdf2-sha512"
            ? pbkdf2Hash(secret, "sha512")
            : kind === "scrypt"
              ? scryptHash(secret)
              : await argon2id({
                  password: secret,
                  salt: randomBytes(16),
                  parallelism: 1,
                  iterations: 2,
                  memorySize: 1024,
                  hashLength: 32,
                  outputType: "encoded",
                });
    cases.push({ kind, password: secret, hash });
  }
  const people = cases.map(({ kind, hash }) =>
    person(uniqueEmail(kind.replace(/[^a-z0-9]/g, "")), hash, { roles: kind === "bcrypt" ? ["admin"] : [] }),
  );
  const { rows } = await importBatch(people, false);
  t.same(
    rows.map(({ outcome }) => outcome),
    cases.map(() => "imported"),
  );
  t.notMatch(JSON.stringify(rows), /\$2[ab]\$|\$pbkdf2|\$scrypt|\$argon2/, "the answer holds no hash");

  for (const [index, { kind, password: secret }] of cases.entries()) {
    const browser = new Browser(app);
    const email = people[index].email;
    const answer = await browser.signIn(email, secret);
    t.equal(answer.statusCode, 200, `${kind}: signs in with the old password`);
    const wrong = await new Browser(app).signIn(email, `${secret}!`);
    t.not(wrong.statusCode, 200, `${kind}: not with another`);
  }

  const found = ok(await call("GET", `/api/users?email=${encodeURIComponent(people[0].email)}&match=exact`, { as: admin })).json<{
    items: { id: string; verified: boolean; roles: string[]; name: string }[];
  }>().items[0];
  t.same([found.verified, found.roles, found.name], [true, ["admin"], "Imported Person"]);
  const detail = ok(await call("GET", `/api/users/${found.id}`, { as: admin })).json<{ audit: { action: string }[] }>();
  t.same(
    detail.audit.map(({ action }) => action),
    ["imported"],
  );

  const again = await importBatch([people[1]], true);
  t.equal(again.rows[0]?.reason, "account_exists");
  t.notMatch(logs.lines.join("\n"), /\$2[ab]\$|\$pbkdf2|\$scrypt|\$argon2|password_hash/, "no log line holds a hash or the body");
});

t.test("an address that has an account is refused alone, also when two imports race for it", async (t) => {
  const hash = bcrypt.hashSync("some password", 4);
  const existing = await createIdentity(kratos.adminUrl);
  const alone = await importBatch([person(existing.email.toUpperCase(), hash)], false);
  t.same(alone.rows, [{ email: existing.email.toUpperCase(), outcome: "refused", reason: "account_exists" }]);

  // Both checks may pass before either batch reaches Kratos: the second then meets Kratos' unique violation,
  // and Kratos v1.3.1 rolls back the rest of that batch while answering their ids.
  const shared = uniqueEmail("shared");
  const [first, second] = [
    [uniqueEmail("first"), shared],
    [uniqueEmail("second"), shared, uniqueEmail("second")],
  ];
  const answers = await Promise.all(
    [first, second].map((emails) =>
      importBatch(
        emails.map((email) => person(email, hash)),
        false,
      ),
    ),
  );
  const outcomes = answers.flatMap(({ rows }) => rows).map(({ email, outcome, reason }) => [email, outcome, reason] as const);
  t.same(
    outcomes
      .filter(([email]) => email === shared)
      .map(([, outcome, reason]) => [outcome, reason])
      .sort(),
    [
      ["imported", undefined],
      ["refused", "account_exists"],
    ],
    "the shared address is imported once",
  );
  for (const email of [...first, ...second].filter((email) => email !== shared)) {
    t.same(outcomes.find(([address]) => address === email)?.slice(1), ["imported", undefined], `${email}: imported`);
    const listed = await fetch(`${kratos.adminUrl}/admin/identities?credentials_identifier=${encodeURIComponent(email)}`);
    t.equal(((await listed.json()) as unknown[]).length, 1, `${email}: in Kratos`);
  }
});
