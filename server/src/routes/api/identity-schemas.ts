// GET /api/identity-schemas: the traits of Kratos' identity schemas, which the
// registration and settings forms and Manage Users render. Kratos serves the
// schemas publicly itself; this is what it would answer, read once a minute.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "#contract/schemas/error.js";
import { IdentitySchemas } from "#contract/schemas/identity-schemas.js";

const identitySchemaRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get("/identity-schemas", { schema: { response: { 200: IdentitySchemas, ...errorResponses } } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=60").send(await fastify.kratos.schemas.traitFields()),
  );
};

export default identitySchemaRoutes;
