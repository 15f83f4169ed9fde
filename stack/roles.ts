// Roles live in an identity's metadata_public.roles, which users cannot edit.
// Changed through Kratos' admin API, keeping the rest of metadata_public.
import { Configuration, IdentityApi } from "@ory/client";

export type RoleChange = "grant" | "revoke";

export async function changeRole(adminUrl: string, email: string, role: string, change: RoleChange): Promise<string[]> {
  const identities = new IdentityApi(new Configuration({ basePath: adminUrl }));
  const { data: found } = await identities.listIdentities({ credentialsIdentifier: email });
  const identity = found.at(0);
  if (!identity) throw new Error(`no identity signs in with ${email}`);

  const metadata = (identity.metadata_public ?? {}) as { roles?: unknown };
  const current = Array.isArray(metadata.roles) ? metadata.roles.filter((r): r is string => typeof r === "string") : [];
  const roles = change === "grant" ? [...new Set([...current, role])] : current.filter((r) => r !== role);
  await identities.patchIdentity({
    id: identity.id,
    jsonPatch: [{ op: "add", path: "/metadata_public", value: { ...metadata, roles } }],
  });
  return roles;
}
