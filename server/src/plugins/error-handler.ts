// The one error handler: logs the failure with its request, hides the
// internals of 5xx answers, and always answers { message }. A 400 from schema
// validation or from a route's own checks adds every problem at its field:
// { message, errors: [{ field, message }] }.
import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import { loggablePath } from "../logging.js";

export interface FieldError {
  field: string;
  message: string;
}

/** A route's own validation failure (e.g. a rule across fields): a 400 with field-level errors. */
export class FieldErrors extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: FieldError[]) {
    super(errors.map(({ field, message }) => `${field}: ${message}`).join("; "));
  }
}

interface SchemaProblem {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

// Ajv's own messages name JSON Schema keywords; these say what to change.
function describe({ keyword, params, message }: SchemaProblem): string {
  switch (keyword) {
    case "required":
      return "is required";
    case "enum":
      return `must be one of: ${(params.allowedValues as unknown[]).join(", ")}`;
    case "minLength":
      return params.limit === 1 ? "must not be empty" : `must be at least ${String(params.limit)} characters`;
    case "maxLength":
      return `must be at most ${String(params.limit)} characters`;
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

// The top-level field, e.g. "/redirect_uris/2" -> "redirect_uris": the page shows messages per field.
function fieldOf({ instancePath, keyword, params }: SchemaProblem, context: string | undefined): string {
  const path = instancePath.split("/").filter(Boolean);
  if (keyword === "required") path.push(String(params.missingProperty));
  return path[0] ?? context ?? "body";
}

export function fieldErrorsOf(error: FastifyError): FieldError[] | undefined {
  if (error instanceof FieldErrors) return error.errors;
  if (!error.validation) return undefined;
  return (error.validation as SchemaProblem[]).map((problem) => ({
    field: fieldOf(problem, error.validationContext),
    message: describe(problem),
  }));
}

export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error, method: request.method, url: loggablePath(request.url) }, "request failed");
        return reply.code(status).send({ message: "Something went wrong on our side. Please try again." });
      }
      request.log.info({ err: error, method: request.method, url: loggablePath(request.url) }, "request rejected");
      const errors = status === 400 ? fieldErrorsOf(error) : undefined;
      if (errors && errors.length > 0) {
        const [first] = errors;
        return reply.code(400).send({ message: `${first!.field}: ${first!.message}`, errors });
      }
      return reply.code(status).send({ message: error.message });
    });
  },
  { name: "error-handler" },
);
