// What the portal's log lines may carry. URLs are logged as paths: their query
// strings hold Kratos flow ids, verification codes, logout tokens and Hydra's
// challenges. Errors are logged by a fixed list of fields, because an
// @ory/client error carries the request it made (the browser's Cookie header,
// a client secret, a URL with a challenge).
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { PortalConfig } from "./config.js";

export function loggablePath(url: string): string {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

interface ErrorFields {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  status?: unknown;
  cause?: ErrorFields;
}

function serializeError(error: unknown, depth = 0): ErrorFields {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: "" };
  const { code, statusCode, response } = error as { code?: unknown; statusCode?: unknown; response?: { status?: unknown } };
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? "",
    code,
    statusCode,
    status: response?.status,
    cause: error.cause !== undefined && depth < 2 ? serializeError(error.cause, depth + 1) : undefined,
  };
}

export function loggerOptions(config: PortalConfig): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, path: loggablePath(request.url), remoteAddress: request.ip }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: Error) => serializeError(error),
    },
  };
}

/**
 * Fastify's per-request lines ("incoming request", "request completed") at
 * debug, or at info with LOG_REQUESTS: at the default level a proxied request
 * costs no log line.
 */
class RequestLines extends LogController {
  constructor(private readonly level: "info" | "debug") {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log[this.level]({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

export function logController(config: PortalConfig): LogController {
  return new RequestLines(config.logRequests ? "info" : "debug");
}
