import { Configuration, IdentityApi } from "@ory/client";
import t from "tap";
import { changeRole } from "../../stack/roles.js";
import { createIdentity } from "../../stack/testing/identities.js";
import { build } from "./helpers/build.js";
import { Browser } from "./helpers/browser.js";
import { useKratos } from "./helpers/kratos.js";

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
    message: "no identity signs in with nobody-here@example.org",
  });
});
