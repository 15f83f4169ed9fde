// The operator's images and colours' stylesheet (branding/), served from
// memory at names that hold their hash: a new file is a new name, so each may
// be kept for a year. An SVG is a document: opened on its own it could run a
// script of its own, so it is served sandboxed, with nothing allowed to load.
import type { FastifyPluginAsync } from "fastify";
import type { PortalConfig } from "../config.js";

const immutable = "public, max-age=31536000, immutable";
const sandboxedDocument = "default-src 'none'; sandbox";

const brandingRoutes: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  for (const file of config.branding.files) {
    fastify.get(file.path, async (_request, reply) => {
      reply.type(file.type).header("cache-control", immutable);
      if (file.sandboxed) reply.header("content-security-policy", sandboxedDocument);
      return reply.send(file.body);
    });
  }
};

export default brandingRoutes;
