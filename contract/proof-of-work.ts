// Where the proof-of-work check's challenge and solution travel (the shapes
// are in schemas/proof-of-work.ts). A module without TypeBox of its own, so
// that the app's start, which sends every flow's submission, stays without it.

/** Where the app asks for a challenge. */
export const proofOfWorkPath = "/api/proof-of-work";

/** Where the app sends a solved challenge with a flow submission: the proxy never passes it on to Kratos. */
export const proofOfWorkHeader = "X-Altcha";
