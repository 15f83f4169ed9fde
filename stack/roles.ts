// `npm run grant-admin` / `revoke-admin`: roles are changed through Kratos'
// admin API with the same rules as Manage Users (contract/roles.ts: the role
// added or taken, the rest of metadata_public kept; never the last admin).
// The stack may not import the server (eslint boundaries), so the pure rules
// live in the contract and this file only makes the calls.
import { Configuration, IdentityApi } from "@ory/client";
import { actsWithRole, adminRole, rolesOf, withRoleChanged, type RoleChange } from "#contract/roles.js";

export type { RoleChange };

async function anotherHasRole(identities: IdentityApi, id: string, role: string): Promise<boolean> {
  let pageToken: string | undefined;
  do {
    const { data, headers } = await identities.listIdentities({ pageSize: 500, pageToken });
    if (data.some((identity) => identity.id !== id && actsWithRole(identity, role))) return true;
    const next = /<([^>]*)>\s*;\s*rel="?next"?/.exec(String(headers.link ?? ""));
    pageToken =
      data.length < 500 || !next ? undefined : (new URL(next[1], "http://kratos.invalid").searchParams.get("page_token") ?? undefined);
  } while (pageToken);
  return false;
}

export async function changeRole(adminUrl: string, email: string, role: string, change: RoleChange): Promise<string[]> {
  const identities = new IdentityApi(new Configuration({ basePath: adminUrl }));
  const { data: found } = await identities.listIdentities({ credentialsIdentifier: email });
  const identity = found.at(0);
  if (!identity) throw new Error(`no identity signs in with ${email}`);
  if (
    change === "revoke" &&
    role === adminRole &&
    rolesOf(identity.metadata_public).includes(role) &&
    !(await anotherHasRole(identities, identity.id, role))
  ) {
    throw new Error(`${email} is the last admin: grant admin to someone else first`);
  }
  const metadata = withRoleChanged(identity.metadata_public, role, change);
  await identities.patchIdentity({ id: identity.id, jsonPatch: [{ op: "add", path: "/metadata_public", value: metadata }] });
  return metadata.roles;
}
