// Compresses dynamic answers that are worth it, for browsers on slow links:
// the page with its embedded start-up data, Kratos' flows through the proxy
// (5–20 KB of JSON), lists of OAuth2 clients. The built assets are not
// compressed here: the build made their brotli and gzip copies once
// (web/spa.ts serves them). Small answers are sent as they are, and the
// session check, which every page makes, is never compressed: on the hot
// path the CPU costs more than the few hundred bytes save.
import { constants } from "node:zlib";
import compress from "@fastify/compress";
import fp from "fastify-plugin";

/** Below this many bytes compressing costs more than it saves. */
export const compressionThreshold = 2048;

export default fp(
  async (fastify) => {
    await fastify.register(compress, {
      threshold: compressionThreshold,
      encodings: ["br", "gzip"],
      // Quality 4 (of 11): most of brotli's gain at a fraction of its CPU, right for answers made per request.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: "compression" },
);
