// Roles live in the identity's metadata_public.roles: users cannot edit that,
// only Kratos' admin API (npm run grant-admin) can.
export function rolesOf(metadata: unknown): string[] {
  const roles = (metadata as { roles?: unknown } | null | undefined)?.roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === "string") : [];
}
