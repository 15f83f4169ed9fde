// `npm run grant-admin -- <email>` and `npm run revoke-admin -- <email>`:
// gives or takes the admin role through the running stack's Kratos admin API.
import { changeRole, type RoleChange } from "./roles.js";
import { readPort } from "#contract/env-values.js";

const [change, email] = process.argv.slice(2) as [RoleChange | undefined, string | undefined];
if ((change !== "grant" && change !== "revoke") || !email) {
  console.error("usage: npm run grant-admin -- <email>   |   npm run revoke-admin -- <email>");
  process.exit(2);
}

const adminUrl = process.env.KRATOS_ADMIN_URL || `http://127.0.0.1:${readPort(process.env, "KRATOS_ADMIN_PORT", 4434)}`;
try {
  const roles = await changeRole(adminUrl, email, "admin", change);
  console.log(`${email} now has the roles: ${roles.length > 0 ? roles.join(", ") : "(none)"}`);
  console.log("The change shows on the user's next page load.");
} catch (error) {
  const message =
    (error as { code?: string }).code === "ECONNREFUSED"
      ? `Kratos' admin API does not answer at ${adminUrl}: is the stack running (npm start)?`
      : (error as Error).message;
  console.error(`could not ${change} admin: ${message}`);
  process.exit(1);
}
