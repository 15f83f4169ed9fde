// Test identities made through Kratos' admin API, each unique to its test.
import { randomUUID } from "node:crypto";
import { Configuration, IdentityApi } from "@ory/client";

export interface TestIdentity {
  id: string;
  email: string;
  password: string;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

export async function createIdentity(
  adminUrl: string,
  options: {
    email?: string;
    password?: string;
    roles?: string[];
    verified?: boolean;
    name?: { first: string; last: string };
    /** The account's `language` trait (a tag of contract/languages.ts). */
    language?: string;
  } = {},
): Promise<TestIdentity> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${randomUUID()}`;
  const identities = new IdentityApi(new Configuration({ basePath: adminUrl }));
  const { data } = await identities.createIdentity({
    createIdentityBody: {
      schema_id: "default",
      traits: { email, name: options.name ?? { first: "Test", last: "User" }, ...(options.language ? { language: options.language } : {}) },
      credentials: { password: { config: { password } } },
      metadata_public: options.roles ? { roles: options.roles } : undefined,
      verifiable_addresses: options.verified ? [{ value: email, via: "email", verified: true, status: "completed" }] : undefined,
    },
  });
  return { id: data.id, email, password };
}
