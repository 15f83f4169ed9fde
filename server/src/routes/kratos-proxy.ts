// /kratos/* is Kratos' public API on the portal's own origin, so that its
// cookies are first-party. Cookies and Set-Cookie pass through untouched.
import proxy from "@fastify/http-proxy";
import type { FastifyPluginAsync } from "fastify";
import type { PortalConfig } from "../config.js";
import { unavailableMessage } from "../kratos/errors.js";

const kratosProxy: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  await fastify.register(proxy, {
    upstream: config.kratosPublicUrl,
    rewritePrefix: "",
    http: { requestOptions: { timeout: config.upstreamTimeoutMs } },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        "x-forwarded-host": request.host,
        "x-forwarded-proto": request.protocol,
        "x-forwarded-for": request.ip,
      }),
      onError: (reply, { error }) => {
        reply.log.warn({ err: error }, "Kratos proxy failed");
        void reply.code(503).send({ message: unavailableMessage });
      },
    },
  });
};

export default kratosProxy;
