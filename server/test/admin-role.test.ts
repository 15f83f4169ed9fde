// The operator's command for the admin role (server/src/admin-role.ts), run as
// `npm run grant-admin` and the image's `node server/dist/admin-role.mjs` run it:
// a process of its own, with Kratos' admin API in KRATOS_ADMIN_URL.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Configuration, IdentityApi } from "@ory/client";
import t from "tap";
import { createIdentity } from "../../testing/identities.js";
import { build } from "./helpers/build.js";
import { Browser } from "./helpers/browser.js";
import { useKratos } from "./helpers/kratos.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Runs the command; its exit code and what it printed. */
function adminRole(adminUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/src/admin-role.ts", ...args],
      { cwd: root, env: { ...process.env, KRATOS_ADMIN_URL: adminUrl } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The roles the command says the person has now; fails the test when it did not succeed. */
async function changeRole(adminUrl: string, email: string, role: "admin", change: "grant" | "revoke"): Promise<string[]> {
  const { code, stdout, stderr } = await adminRole(adminUrl, change, email);
  if (code !== 0) throw new Error(stderr.trim());
  const roles = /now has the roles: (.*)/.exec(stdout)?.[1] ?? "";
  return role === "admin" && roles !== "(none)" ? roles.split(", ") : [];
}

t.test("grant-admin and revoke-admin change metadata_public.roles and keep the rest", async (t) => {
  const kratos = await useKratos(t);
  const user = await createIdentity(kratos.adminUrl, { roles: ["auditor"] });
  const identities = new IdentityApi(new Configuration({ basePath: kratos.adminUrl }));
  await identities.patchIdentity({
    id: user.id,
    jsonPatch: [{ op: "add", path: "/metadata_public/team", value: "maps" }],
  });

  t.same(await changeRole(kratos.adminUrl, user.email, "admin", "grant"), ["auditor", "admin"]);
  t.same(await changeRole(kratos.adminUrl, user.email, "admin", "grant"), ["auditor", "admin"], "granting twice is harmless");
  const { data } = await identities.getIdentity({ id: user.id });
  t.same(data.metadata_public, { roles: ["auditor", "admin"], team: "maps" });

  const app = await build(t, kratos.env);
  const browser = new Browser(app);
  await browser.signIn(user.email, user.password);
  t.same((await browser.request("GET", "/api/session")).json().roles, ["auditor", "admin"], "the portal sees the role");

  // The last admin keeps the role: another one exists, whatever else this Kratos holds.
  await createIdentity(kratos.adminUrl, { roles: ["admin"] });
  t.same(await changeRole(kratos.adminUrl, user.email, "admin", "revoke"), ["auditor"]);
  t.same((await browser.request("GET", "/api/session")).json().roles, ["auditor"], "and its removal, on the next request");
});

t.test("an unknown email is refused with a clear message", async (t) => {
  const kratos = await useKratos(t);
  await t.rejects(changeRole(kratos.adminUrl, "nobody-here@example.org", "admin", "grant"), {
    message: "could not grant admin: no identity signs in with nobody-here@example.org",
  });
});

t.test("a wrong call says how to call it; Kratos not answering is named", async (t) => {
  const usage = await adminRole("http://127.0.0.1:9", "promote", "ada@example.org");
  t.equal(usage.code, 2);
  t.match(usage.stderr, "usage: node server/dist/admin-role.mjs grant|revoke <email>");

  const down = await adminRole("http://127.0.0.1:9", "grant", "ada@example.org");
  t.equal(down.code, 1);
  t.match(down.stderr, "Kratos' admin API does not answer at http://127.0.0.1:9 (KRATOS_ADMIN_URL)");
});
