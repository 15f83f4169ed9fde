// GET /api/proof-of-work: a new challenge for the check that comes before an
// abuse limit refuses (plugins/abuse-limits/proof-of-work.ts). The app asks
// for one when a flow submission was answered 428 proof_of_work_required.
// Counted per client IP as every /api route is; it costs the portal one key
// derivation, the browser thousands.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "#contract/schemas/error.js";
import { ProofOfWorkChallenge } from "#contract/schemas/proof-of-work.js";

const proofOfWorkRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get("/proof-of-work", { schema: { response: { 200: ProofOfWorkChallenge, ...errorResponses } } }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(await fastify.proofOfWork.create()),
  );
};

export default proofOfWorkRoutes;
