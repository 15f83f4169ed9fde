// The one error handler: every failure of every route becomes { message }
// here, with `code` where the SPA must tell cases apart and `errors` where
// fields are wrong (schemas/error.ts). It logs what may be logged and hides
// the internals of 5xx answers.
import { isAxiosError } from "axios";
import type { FastifyError, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ClientError, UpstreamError, type Upstream } from "../errors.js";
import type { ErrorBody, FieldError } from "../schemas/error.js";

const upstreamNames: Record<Upstream, string> = {
  kratos: "The identity service",
  hydra: "The sign-in service for applications (Hydra)",
};

/** What Kratos' and Hydra's outages say, wherever they show (the /kratos proxy says it too). */
export const unavailableMessage = (upstream: Upstream) => `${upstreamNames[upstream]} is unavailable. Please try again in a moment.`;

interface SchemaProblem {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const typeNames: Record<string, string> = {
  object: "a JSON object",
  array: "a list",
  string: "a string",
  boolean: "true or false",
  integer: "a whole number",
  number: "a number",
};

// Ajv's own messages name JSON Schema keywords; these say what to change.
function describe({ keyword, params, message }: SchemaProblem): string {
  switch (keyword) {
    case "required":
      return "is required";
    case "type":
      return `must be ${typeNames[String(params.type)] ?? String(params.type)}`;
    case "enum":
      return `must be one of: ${(params.allowedValues as unknown[]).join(", ")}`;
    case "minLength":
      return params.limit === 1 ? "must not be empty" : `must be at least ${String(params.limit)} characters`;
    case "maxLength":
      return `must be at most ${String(params.limit)} characters`;
    case "minimum":
      return `must be at least ${String(params.limit)}`;
    case "maximum":
      return `must be at most ${String(params.limit)}`;
    case "minItems":
      return `needs at least ${String(params.limit)} value${params.limit === 1 ? "" : "s"}`;
    case "maxItems":
      return `takes at most ${String(params.limit)} values`;
    case "uniqueItems":
      return "must not name a value twice";
    case "minProperties":
      return "names nothing to change";
    case "pattern":
      return "has characters or spacing that are not allowed";
    default:
      return message ?? "is not valid";
  }
}

/** A schema validation failure: every problem at its top-level field ("/redirect_uris/2" -> redirect_uris). */
function validationAnswer(problems: SchemaProblem[], context: string): ErrorBody {
  const errors: FieldError[] = [];
  for (const problem of problems) {
    const path = problem.instancePath.split("/").filter(Boolean);
    if (problem.keyword === "required") path.push(String(problem.params.missingProperty));
    // The body (or query) as a whole is wrong, e.g. a JSON array where an object belongs: no field to name.
    if (path.length === 0) return { message: `The request ${context} ${describe(problem)}.` };
    errors.push({ field: path[0], message: describe(problem) });
  }
  const [first] = errors;
  return { message: `${first.field}: ${first.message}`, errors };
}

/** Fastify's own 4xx for a body it could not read, in words. */
function bodyAnswer(error: FastifyError, request: FastifyRequest): ErrorBody | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { message: "The request body is empty: send a JSON object." };
    // secure-json-parse refuses __proto__ and constructor.prototype keys with the same error as broken JSON.
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { message: "The request body must be valid JSON, without __proto__ or constructor.prototype keys." };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { message: `The request body is too large: this request takes at most ${String(request.routeOptions.bodyLimit)} bytes.` };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { message: "Send this request as application/json." };
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { message: "The request body's length is not the one its Content-Length header names." };
    default:
      return undefined;
  }
}

/** What the portal answers for a failure, and how it is logged: the one mapping for every route (and the app page's start-up data). */
export function errorAnswer(
  error: FastifyError | ClientError | UpstreamError,
  request: FastifyRequest,
): { status: number; body: ErrorBody } {
  // The route's pattern, not its URL: query strings carry challenges and codes.
  const where = { method: request.method, route: request.routeOptions.url };

  if (error instanceof UpstreamError) {
    request.log.warn({ ...where, upstream: error.failure }, "an upstream call failed");
    const name = upstreamNames[error.failure.upstream];
    return error.unavailable
      ? { status: 503, body: { message: unavailableMessage(error.failure.upstream) } }
      : { status: 502, body: { message: `${name} gave an unexpected answer. Please try again in a moment.` } };
  }

  if (error instanceof ClientError) {
    // A rule doing its job (not signed in, no role, a bad field) is no news for the operator, except a limit
    // that holds: someone may be guessing.
    const level = error.code === "rate_limited" ? "warn" : "debug";
    request.log[level]({ ...where, status: error.statusCode, code: error.code, message: error.message }, "request refused");
    const { message, code, errors } = error;
    return { status: error.statusCode, body: { message, ...(code ? { code } : {}), ...(errors ? { errors } : {}) } };
  }

  const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
  if (status < 500) {
    request.log.debug({ ...where, status, code: error.code, message: error.message }, "request refused");
    const body = error.validation
      ? validationAnswer(error.validation, error.validationContext ?? "body")
      : (bodyAnswer(error, request) ?? { message: error.message });
    return { status, body };
  }

  // A bug of ours. An SDK error that escaped a service carries cookies or secrets: log its status only.
  const err = isAxiosError(error) ? { message: error.message, status: error.response?.status } : error;
  request.log.error({ ...where, err }, "request failed");
  return { status, body: { message: "Something went wrong on our side. Please try again." } };
}

export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError | ClientError | UpstreamError, request, reply) => {
      const { status, body } = errorAnswer(error, request);
      return reply.code(status).send(body);
    });
  },
  { name: "error-handler" },
);
