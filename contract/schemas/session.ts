import { Type, type Static } from "@sinclair/typebox";

export const VerifiableAddress = Type.Object({
  value: Type.String(),
  verified: Type.Boolean(),
  via: Type.String(),
  status: Type.String(),
});

export const SessionIdentity = Type.Object({
  id: Type.String(),
  traits: Type.Record(Type.String(), Type.Unknown()),
  verifiable_addresses: Type.Array(VerifiableAddress),
});

export const SessionBody = Type.Object({
  identity: SessionIdentity,
  /** From the identity's metadata_public.roles, which users cannot edit. */
  roles: Type.Array(Type.String()),
  aal: Type.String(),
  authenticated_at: Type.Union([Type.String(), Type.Null()]),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  /** The version of the terms of service (TERMS_VERSION) the person must accept before anything else; absent when none. */
  terms_pending: Type.Optional(Type.String()),
});
export type SessionBody = Static<typeof SessionBody>;
