// Gives or takes the admin role, for the first admin above all, from where the
// operator stands: in the portal's image (`docker compose exec portal node
// server/dist/admin-role.mjs grant <email>`, `kubectl exec deploy/… -- node
// server/dist/admin-role.mjs …`), whose KRATOS_ADMIN_URL reaches Kratos' admin
// API on the internal network, and beside `npm start` (`npm run grant-admin`).
// The rules are Manage Users': the rest of metadata_public kept, never the last
// admin (contract/roles.ts).
import { IdentityApi } from "@ory/client";
import { adminRole, rolesOf, type RoleChange } from "#contract/roles.js";
import { readPort } from "#contract/env-values.js";
import { UpstreamError } from "./errors.js";
import { kratosIdentities } from "./kratos/identities.js";
import { sdkApi } from "./upstream/call.js";

const usage = "usage: node server/dist/admin-role.mjs grant|revoke <email>   (npm run grant-admin|revoke-admin -- <email>)";

const [change, email] = process.argv.slice(2) as [string | undefined, string | undefined];
if ((change !== "grant" && change !== "revoke") || !email) {
  console.error(usage);
  process.exit(2);
}

const adminUrl = process.env.KRATOS_ADMIN_URL || `http://127.0.0.1:${readPort(process.env, "KRATOS_ADMIN_PORT", 4434)}`;
const identities = kratosIdentities(sdkApi(IdentityApi, { upstreamTimeoutMs: 10_000 }, adminUrl, () => () => undefined));

async function changeRole(email: string, change: RoleChange): Promise<string[]> {
  const identity = (await identities.search({ email, match: "exact", pageSize: 1 })).items.at(0);
  if (!identity) throw new Error(`no identity signs in with ${email}`);
  if (
    change === "revoke" &&
    rolesOf(identity.metadata_public).includes(adminRole) &&
    !(await identities.anotherHasRole(identity.id, adminRole))
  ) {
    throw new Error(`${email} is the last admin: grant admin to someone else first`);
  }
  return rolesOf((await identities.changeRole(identity.id, adminRole, change)).metadata_public);
}

try {
  const roles = await changeRole(email, change);
  console.log(`${email} now has the roles: ${roles.length > 0 ? roles.join(", ") : "(none)"}`);
  console.log("The change shows on the person's next page load.");
} catch (error) {
  const message =
    error instanceof UpstreamError && error.failure.status === undefined
      ? `Kratos' admin API does not answer at ${adminUrl} (KRATOS_ADMIN_URL): is Kratos running?`
      : (error as Error).message;
  console.error(`could not ${change} admin: ${message}`);
  process.exit(1);
}
