// Roles live in an identity's metadata_public.roles: users cannot edit that,
// only Kratos' admin API can. The server (the session's roles, the guards,
// Manage Users) and the stack's `npm run grant-admin` read and change them
// with these functions, so both keep the rest of metadata_public alike.

/** The role that opens Manage Clients and Manage Users. */
export const adminRole = "admin";

/** The roles an admin may grant, revoke and invite with (Manage Users). */
export const grantableRoles = [adminRole] as const;

export type RoleChange = "grant" | "revoke";

export function rolesOf(metadata: unknown): string[] {
  const roles = (metadata as { roles?: unknown } | null | undefined)?.roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === "string") : [];
}

/** The identity's metadata_public after the change: the same object with the role added or taken away. */
export function withRoleChanged(metadata: unknown, role: string, change: RoleChange): Record<string, unknown> & { roles: string[] } {
  const current = rolesOf(metadata);
  const roles = change === "grant" ? [...new Set([...current, role])] : current.filter((r) => r !== role);
  const rest = metadata !== null && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {};
  return { ...rest, roles };
}

/** Whether the identity can act with the role: it has it and is not deactivated (an inactive identity cannot sign in). */
export function actsWithRole(identity: { state?: string; metadata_public?: unknown }, role: string): boolean {
  return identity.state !== "inactive" && rolesOf(identity.metadata_public).includes(role);
}
