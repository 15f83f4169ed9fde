// The proof-of-work check that comes before an abuse limit's refusal: an
// ALTCHA challenge (altcha-lib's v2 format) that the browser solves in a
// worker; where it and its solution travel is in ../proof-of-work.ts.
import { Type, type Static } from "@sinclair/typebox";

/** What GET /api/proof-of-work answers: a signed challenge, as the widget reads it. */
export const ProofOfWorkChallenge = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Integer()),
  }),
  signature: Type.String(),
});
export type ProofOfWorkChallenge = Static<typeof ProofOfWorkChallenge>;
