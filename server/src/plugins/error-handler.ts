// The one error handler: every failure of every route becomes { code } here,
// with `errors` where fields are wrong (contract/schemas/error.ts). Codes, not
// words: the app says what each means in the user's language. It logs what
// may be logged and hides the internals of 5xx answers.
import type { FastifyError, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ErrorCode, FieldErrorCode } from "#contract/errors.js";
import type { ErrorBody, FieldError } from "#contract/schemas/error.js";
import { ClientError, UpstreamError, type Upstream } from "../errors.js";
import { SdkCallError } from "../upstream/call.js";

/** What Kratos' and Hydra's outages answer, wherever they show (the /kratos proxy answers it too). */
export const unavailableCode = (upstream: Upstream): ErrorCode => `${upstream}_unavailable`;

interface SchemaProblem {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

// Ajv's keywords, as the contract's field codes; the bound or the allowed values go along.
function fieldProblem({ keyword, params }: SchemaProblem): Omit<FieldError, "field"> {
  const limit = typeof params.limit === "number" ? params.limit : undefined;
  const bounded = (code: FieldErrorCode) => (limit === undefined ? { code } : { code, limit });
  switch (keyword) {
    case "required":
      return { code: "required" };
    case "type":
      return { code: "wrong_type" };
    case "additionalProperties":
      return { code: "unknown_field" };
    case "enum":
      return { code: "not_allowed", values: (params.allowedValues as unknown[]).map(String) };
    case "minLength":
      return limit === 1 ? { code: "empty" } : bounded("too_short");
    case "maxLength":
      return bounded("too_long");
    case "minimum":
      return bounded("too_small");
    case "maximum":
      return bounded("too_large");
    case "minItems":
      return bounded("too_few");
    case "maxItems":
      return bounded("too_many");
    case "uniqueItems":
      return { code: "duplicate" };
    case "minProperties":
      return { code: "nothing_to_change" };
    case "pattern":
      return { code: "bad_characters" };
    default:
      return { code: "invalid" };
  }
}

/** A schema validation failure: every problem at its top-level field ("/redirect_uris/2" -> redirect_uris). */
function validationAnswer(problems: SchemaProblem[]): ErrorBody {
  const errors: FieldError[] = [];
  for (const problem of problems) {
    const path = problem.instancePath.split("/").filter(Boolean);
    if (problem.keyword === "required") path.push(String(problem.params.missingProperty));
    if (problem.keyword === "additionalProperties") path.push(String(problem.params.additionalProperty));
    // The body (or query) as a whole is wrong, e.g. a JSON array where an object belongs: no field to name.
    if (path.length === 0) return { code: "invalid_request" };
    errors.push({ field: path[0], ...fieldProblem(problem) });
  }
  return { code: "invalid_fields", errors };
}

/** Fastify's own 4xx for a body it could not read. */
function bodyCode(error: FastifyError): ErrorCode {
  switch (error.code) {
    // secure-json-parse refuses __proto__ and constructor.prototype keys with the same error as broken JSON.
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "body_unreadable";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "body_too_large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "json_required";
    default:
      return "invalid_request";
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
    const { upstream } = error.failure;
    return error.unavailable
      ? { status: 503, body: { code: unavailableCode(upstream) } }
      : { status: 502, body: { code: `${upstream}_unexpected` } };
  }

  if (error instanceof ClientError) {
    // A rule doing its job (not signed in, no role, a bad field) is no news for the operator, except a limit
    // that holds: someone may be guessing.
    const level = error.code === "rate_limited" ? "warn" : "debug";
    request.log[level]({ ...where, status: error.statusCode, code: error.code }, "request refused");
    const { code, errors } = error;
    return { status: error.statusCode, body: { code, ...(errors ? { errors } : {}) } };
  }

  const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
  if (status < 500) {
    request.log.debug({ ...where, status, code: error.code, message: error.message }, "request refused");
    return { status, body: error.validation ? validationAnswer(error.validation) : { code: bodyCode(error) } };
  }

  // A bug of ours. An SDK failure that escaped a service: its status, not the answer's body.
  const err = error instanceof SdkCallError ? { message: error.message, status: error.status, code: error.code } : error;
  request.log.error({ ...where, err }, "request failed");
  return { status, body: { code: "internal_error" } };
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
