// The proof-of-work check that comes before an abuse limit's refusal: an
// ALTCHA challenge (altcha-lib's v2 format) that the browser solves in a
// worker, and where the solution goes.
import { Type, type Static } from "@sinclair/typebox";

/** Where the app asks for a challenge. */
export const proofOfWorkPath = "/api/proof-of-work";

/** Where the app sends a solved challenge with a flow submission: the proxy never passes it on to Kratos. */
export const proofOfWorkHeader = "X-Altcha";

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
