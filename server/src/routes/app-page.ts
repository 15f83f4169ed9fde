// Every client-side route of the SPA gets index.html, with what its first
// requests would fetch already inside it (contract/schemas/app-page.ts), as JSON that
// never runs, so the CSP stays strict: the runtime configuration, the session
// check's answer and, on a page that starts a Kratos flow, the new flow with
// its anti-CSRF cookie. The browser shows the page as soon as the app's files
// arrive instead of asking in turn, which on a slow link was most of the
// wait. Whatever Kratos does not answer within a moment is left out, and the
// app asks for it itself.
import { stat, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { bootElementId } from "#contract/boot.js";
import { flowQueryOf, type StartedFlowKind } from "#contract/flows.js";
import { paths } from "#contract/paths.js";
import type { BootData } from "#contract/schemas/app-page.js";
import type { ErrorBody } from "#contract/schemas/error.js";
import type { PortalConfig } from "../config.js";
import { UpstreamError } from "../errors.js";
import { hasIdentity } from "../plugins/guards.js";
import { errorAnswer } from "../plugins/error-handler.js";
import { forwardingHeaders } from "../kratos/forwarding.js";
import { toSessionBody } from "./api/session.js";
import { runtimeConfig } from "./runtime-config.js";

/** The pages that start a Kratos flow when opened without ?flow=. */
export const flowPages: Partial<Record<string, StartedFlowKind>> = {
  [paths.login]: "login",
  [paths.registration]: "registration",
  [paths.recovery]: "recovery",
};

/** How long the page waits for Kratos before it goes out without what is missing. */
const bootWaitMs = 1500;

/** JSON inside <script>: nothing in it may close the element or start markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** index.html as the build wrote it, read again only when a build replaced it. */
function appTemplate(webRoot: string): () => Promise<{ head: string; tail: string }> {
  const file = join(webRoot, "index.html");
  let cached: { stamp: string; head: string; tail: string } | undefined;
  return async () => {
    const { mtimeMs, size } = await stat(file);
    const stamp = `${mtimeMs}:${size}`;
    if (cached?.stamp !== stamp) {
      const html = await readFile(file, "utf8");
      const bodyEnd = html.lastIndexOf("</body>");
      const end = bodyEnd < 0 ? html.length : bodyEnd;
      cached = { stamp, head: html.slice(0, end), tail: html.slice(end) };
    }
    return cached;
  };
}

/** Resolves with undefined once the page has waited long enough. */
function inTime<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>(
    (resolve) =>
      (timer = setTimeout(() => {
        resolve(undefined);
      }, bootWaitMs)),
  );
  return Promise.race([work, late]).finally(() => {
    clearTimeout(timer);
  });
}

const appPage: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  const template = appTemplate(config.webRoot);
  const forwarded = forwardingHeaders(config.origin);
  const appConfig = runtimeConfig(config);

  async function sessionAnswer(request: FastifyRequest): Promise<BootData["session"]> {
    try {
      const session = await fastify.kratos.sessions.whoami(request.headers.cookie);
      return hasIdentity(session) ? { status: 200, body: toSessionBody(session) } : undefined;
    } catch (error) {
      // The same answer (and log line) as GET /api/session would give.
      return errorAnswer(error as FastifyError, request);
    }
  }

  async function startedFlow(request: FastifyRequest, reply: FastifyReply, path: string): Promise<BootData["flow"]> {
    const kind = flowPages[path];
    const search = new URLSearchParams(request.url.slice(path.length + 1));
    if (!kind || search.has("flow")) return undefined;
    const query = flowQueryOf(kind, search);
    const headers: Record<string, string> = { ...forwarded(request.ip) };
    for (const name of ["cookie", "user-agent", "accept-language"] as const) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    try {
      const started = await fastify.kratos.flows.start(kind, query, headers);
      if (!started) return undefined;
      if (!reply.sent) reply.header("set-cookie", started.setCookie);
      return { kind, query, flow: started.flow };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      request.log.warn({ upstream: error.failure }, "the app page goes out without a new flow: the app will start it");
      return undefined;
    }
  }

  async function appPageFor(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
    const [page, session, flow] = await Promise.all([
      template(),
      request.method === "GET" ? inTime(sessionAnswer(request)) : undefined,
      request.method === "GET" ? inTime(startedFlow(request, reply, path)) : undefined,
    ]);
    const boot: BootData = { config: appConfig, ...(session ? { session } : {}), ...(flow ? { flow } : {}) };
    return (
      reply
        .type("text/html; charset=utf-8")
        // It holds this browser's session and a fresh flow: never stored, never shared.
        .header("cache-control", "no-store")
        .send(`${page.head}<script type="application/json" id="${bootElementId}">${scriptJson(boot)}</script>${page.tail}`)
    );
  }

  // The root is a folder to the static files, which would refuse it.
  fastify.get("/", (request, reply) => appPageFor(request, reply, "/"));
  fastify.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // A path that names a file (it has an extension) and is not there is a 404; any other is the app's to route.
    if ((request.method !== "GET" && request.method !== "HEAD") || extname(path) !== "") {
      return reply.code(404).send({ code: "not_found" } satisfies ErrorBody);
    }
    return appPageFor(request, reply, path);
  });
};

export default appPage;
