// /kratos/* is Kratos' public API on the portal's own origin, so that its
// cookies are first-party. Only what a browser portal needs passes: each
// Kratos path and method is a route of its own (the flow submissions carry
// the abuse limits), and anything else is refused here. The request reaches
// Kratos with an allowlist of headers and the client address the portal
// trusts; cookies and Set-Cookie pass through untouched. A return_to or a
// Location that would send the browser off the portal's origins, a change
// from another site's page, and Kratos' own server errors stop here.
import type { IncomingHttpHeaders } from "node:http";
import replyFrom, { type FastifyReplyFromHooks } from "@fastify/reply-from";
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  onResponseAsyncHookHandler,
  RouteHandlerMethod,
} from "fastify";
import { flowKinds, type FlowKind } from "#contract/flows.js";
import { flowPagePath } from "#contract/pages.js";
import { href } from "#contract/paths.js";
import { Type } from "@sinclair/typebox";
import { providerIdPattern } from "#contract/providers.js";
import type { ErrorCode } from "#contract/errors.js";
import type { ErrorBody } from "#contract/schemas/error.js";
import { Input } from "#contract/schemas/input.js";
import type { PortalConfig } from "../config.js";
import { ClientError } from "../errors.js";
import { forwardingHeaders } from "../kratos/forwarding.js";
import { kratosRedirects } from "../kratos/redirects.js";
import { unavailableCode } from "../plugins/error-handler.js";
import { outcomeOf, type UpstreamOutcome, type UpstreamTimer } from "../metrics.js";

/** Flow submissions are small; a passkey's attestation is the largest, a few KiB. */
const bodyLimit = 64 * 1024;

/**
 * What Kratos may see of the browser's request. Everything else stays here:
 * above all client-chosen addresses and places (True-Client-IP,
 * CF-Connecting-IP, X-Real-IP, Forwarded, CF-IPCity, CF-IPCountry,
 * CF-Region-Code, …), which Kratos would record as the session's device.
 */
const browserHeaders = [
  "accept",
  "accept-encoding",
  "accept-language",
  "content-length",
  "content-type",
  "cookie",
  "host",
  "if-modified-since",
  "if-none-match",
  "origin",
  "referer",
  "user-agent",
  "x-csrf-token",
];
/** The reply of a request forwarded to Kratos, as @fastify/reply-from types it. */
type ProxiedReply = Parameters<NonNullable<FastifyReplyFromHooks["onError"]>>[0];

/** Native apps authenticate with the session token instead of the cookie. */
const nativeAppHeaders = ["authorization", "x-session-token"];

const kratosProxy: FastifyPluginAsync<{ config: PortalConfig }> = async (fastify, { config }) => {
  await fastify.register(replyFrom, {
    base: config.kratosPublicUrl,
    // One keep-alive pool to Kratos for the whole process.
    undici: { headersTimeout: config.upstreamTimeoutMs, bodyTimeout: config.upstreamTimeoutMs },
    disableRequestLogging: true,
  });

  const forwarded = forwardingHeaders(config.origin);
  const passedHeaders = config.kratosNativeFlows ? [...browserHeaders, ...nativeAppHeaders] : browserHeaders;
  const kratosOrigin = new URL(config.kratosPublicUrl).origin;
  const redirects = kratosRedirects(config.origin, config.formActionOrigins);

  // The timer of each request's call to Kratos (by its raw request), started as the call goes out.
  const upstreamTimers = new WeakMap<object, UpstreamTimer>();
  const stopTimer = (rawRequest: object, outcome: UpstreamOutcome) => {
    upstreamTimers.get(rawRequest)?.(outcome);
    upstreamTimers.delete(rawRequest);
  };

  /**
   * Kratos' answer to a request it could not handle. Kratos v1.3.1 answers 500 to some input it cannot take (a
   * forged id_token for a provider that verifies none: "The provider generic does not support id_token
   * verification"), so a 500 (or 501) from a Kratos that still answers is the request's fault: 400
   * kratos_refused. Kratos not answering, or a 502 to 504 from in front of it, is Kratos being away.
   */
  const kratosFailed = async (reply: ProxiedReply, status: number) => {
    reply.log.warn({ upstream: { status } }, "Kratos answered a server error");
    for (const name of ["content-type", "content-length", "content-encoding", "transfer-encoding", "location"]) reply.removeHeader(name);
    let code: ErrorCode = unavailableCode("kratos");
    if (status <= 501) {
      try {
        await fastify.kratos.sessions.probe();
        code = "kratos_refused";
      } catch (error) {
        reply.log.warn({ err: error }, "Kratos did not answer after its server error");
      }
    }
    return reply.code(code === "kratos_refused" ? 400 : 503).send({ code } satisfies ErrorBody);
  };

  const fromOptions: FastifyReplyFromHooks = {
    rewriteRequestHeaders: (request, headers) => {
      upstreamTimers.set(request.raw, fastify.metrics.upstreamTimer("kratos"));
      const passed: IncomingHttpHeaders = forwarded(request.ip);
      for (const name of passedHeaders) if (headers[name] !== undefined) passed[name] = headers[name];
      return passed;
    },
    // Kratos' own address must never reach the browser, nor a place off the portal's origins: Kratos passes
    // on a return_to that its allow list read otherwise than the browser will (`http:\\evil.example/`).
    rewriteHeaders: (headers, request) => {
      const location = headers.location;
      if (typeof location !== "string") return headers;
      if (URL.canParse(location)) {
        const target = new URL(location);
        if (target.origin === kratosOrigin) headers.location = `${config.origin}/kratos${target.pathname}${target.search}${target.hash}`;
      }
      headers.location = redirects.location(headers.location ?? location, new URL(request?.url ?? "/kratos/", config.origin).href);
      return headers;
    },
    onResponse: (request, reply, response) => {
      stopTimer(request.raw, outcomeOf(response.statusCode, false));
      if (response.statusCode < 500) {
        void reply.send(response.stream);
        return;
      }
      response.stream.resume();
      void kratosFailed(reply, response.statusCode);
    },
    onError: (reply, { error }) => {
      stopTimer(reply.request.raw, outcomeOf(undefined, (error as { code?: unknown }).code === "UND_ERR_HEADERS_TIMEOUT"));
      reply.log.warn({ err: error }, "Kratos proxy failed");
      void reply.code(503).send({ code: unavailableCode("kratos") } satisfies ErrorBody);
    },
  };
  // A change comes from the portal's pages, whose every POST and DELETE carries their Origin (a form's too, under
  // the portal's Referrer-Policy): Kratos v1.3.1's oidc strategy checks no CSRF token when it links or unlinks a
  // provider. A native app
  // (KRATOS_NATIVE_FLOWS) sends no Origin and no cookie: it shows its session token, which no page can send.
  const fromPortal: onRequestAsyncHookHandler = config.kratosNativeFlows
    ? async function (request, reply) {
        if (request.headers.cookie !== undefined) await fastify.guards.sameOrigin.call(this, request, reply);
      }
    : fastify.guards.sameOrigin;

  const forward =
    (path: string): RouteHandlerMethod =>
    (_request, reply) =>
      reply.from(path, fromOptions);

  // A return_to that the browser would read otherwise than Kratos' allow list does (`http:\\evil.example/`),
  // or off the portal's origins, never reaches Kratos, whatever the route.
  // A browser that navigated here gets the error page, which words the code; the app's own request the 400.
  fastify.addHook("onRequest", async (request, reply) => {
    const at = request.url.indexOf("?");
    if (at < 0 || redirects.queryAllowed(request.url.slice(at + 1))) return;
    if (request.method === "GET" && request.headers.accept?.includes("text/html")) {
      return reply.redirect(`${config.origin}${href("error", { code: "return_to_not_allowed" })}`, 303);
    }
    throw new ClientError(400, "return_to_not_allowed");
  });

  // Bodies as Kratos takes them from a browser: the SPA's JSON and the form
  // that webauthn.js submits natively. JSON is parsed (and sent on
  // re-serialized, so Kratos reads exactly what the limits read); a form is
  // passed on as it came.
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser("error", "error");
  fastify.addContentTypeParser("application/json", { parseAs: "string", bodyLimit }, (request, body, done) =>
    parseJson(request, body as string, (error, value) => {
      if (error) {
        done(error);
        return;
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        done(Object.assign(new Error("The body must be a JSON object."), { statusCode: 400 }));
        return;
      }
      done(null, value);
    }),
  );
  fastify.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit }, (_request, body, done) => {
    done(null, body);
  });

  /**
   * Kratos answers a new browser flow with the flow (200) or a redirect to its page with ?flow= (303);
   * a redirect without one sends a browser that is signed in already back, with no flow.
   */
  const countStarted =
    (kind: FlowKind): onResponseAsyncHookHandler =>
    async (_request, reply) => {
      const location = reply.getHeader("location");
      if (reply.statusCode === 200 || (typeof location === "string" && /[?&]flow=/.test(location))) {
        fastify.metrics.flowsStarted.inc({ flow: kind });
      }
    };

  /**
   * A new flow writes a row in Kratos (and with a login_challenge asks Hydra):
   * counted per client network. A browser that navigated here is sent to the
   * app's page, which says how long to wait; the app's own request gets the 429.
   */
  const newFlow =
    (kind: FlowKind): onRequestHookHandler =>
    async (request, reply) => {
      try {
        await fastify.limits.newFlow(request, reply);
      } catch (error) {
        if (!(error instanceof ClientError) || !request.headers.accept?.includes("text/html")) throw error;
        const query = request.url.indexOf("?");
        return reply.redirect(`${config.origin}${flowPagePath(kind)}${query < 0 ? "" : request.url.slice(query)}`, 303);
      }
    };

  // Accounts by invitation only: no registration flow starts or goes on here. A browser sent to start one
  // lands on the registration page, which says how to get an invitation.
  const registrationClosed: RouteHandlerMethod = async (request, reply) =>
    request.method === "GET" && request.headers.accept?.includes("text/html")
      ? reply.redirect(`${config.origin}${flowPagePath("registration")}`, 303)
      : reply.code(403).send({ code: "registration_closed" } satisfies ErrorBody);
  const closed = (kind: FlowKind) => kind === "registration" && config.registration === "invite-only";

  for (const kind of flowKinds) {
    const base = `/self-service/${kind}`;
    if (closed(kind)) {
      for (const path of [`${base}/browser`, `${base}/api`, `${base}/flows`, base]) fastify.all(path, registrationClosed);
      continue;
    }
    const limits = fastify.limits.submission(kind);
    fastify.get(`${base}/browser`, { onRequest: newFlow(kind), onResponse: countStarted(kind) }, forward(`${base}/browser`));
    fastify.get(`${base}/flows`, forward(`${base}/flows`));
    fastify.post(base, { onRequest: fromPortal, ...limits }, forward(base));
    // The links in Kratos' mails submit with GET (verification code, recovery link).
    if (kind === "verification" || kind === "recovery") fastify.get(base, limits, forward(base));
  }
  // Where a sign-in provider sends the browser back (Kratos' oidc strategy): the provider's id is in the path;
  // without one only with PKCE forced (Kratos' generic callback). Apple answers with a form post, which Kratos
  // turns into a GET, so that the browser sends its cookies. So the callback takes a post from any origin:
  // Kratos checks its state parameter against the browser's cookie.
  const callback = "/self-service/methods/oidc/callback";
  const providerParams = { params: Input({ provider: Type.String({ pattern: providerIdPattern }) }) };
  const toCallback: RouteHandlerMethod = (request, reply) =>
    reply.from(`${callback}/${(request.params as { provider: string }).provider}`, fromOptions);
  fastify.get(callback, { onRequest: fastify.limits.providerCallback }, forward(callback));
  fastify.get(`${callback}/:provider`, { schema: providerParams, onRequest: fastify.limits.providerCallback }, toCallback);
  fastify.post(`${callback}/:provider`, { schema: providerParams, onRequest: fastify.limits.providerCallback }, toCallback);
  fastify.get("/self-service/logout/browser", forward("/self-service/logout/browser"));
  fastify.get("/self-service/logout", forward("/self-service/logout"));
  fastify.get("/self-service/errors", forward("/self-service/errors"));
  // The hot path: every page checks the session. Kratos answers it in a few hundred bytes, streamed, which
  // compression would otherwise take on whatever its size.
  fastify.get("/sessions/whoami", { compress: false }, forward("/sessions/whoami"));
  fastify.get("/sessions", forward("/sessions"));
  fastify.delete("/sessions", { onRequest: fromPortal }, forward("/sessions"));
  fastify.delete<{ Params: { id: string } }>(
    "/sessions/:id",
    { schema: { params: Input({ id: Type.String({ format: "uuid" }) }) }, onRequest: fromPortal },
    (request, reply) => reply.from(`/sessions/${request.params.id}`, fromOptions),
  );
  fastify.get("/.well-known/ory/webauthn.js", forward("/.well-known/ory/webauthn.js"));

  // Kratos' native flows: no CSRF protection, the easiest target for guessing.
  const nativePaths = [
    ...flowKinds.filter((kind) => !closed(kind)).map((kind) => ["GET", `/self-service/${kind}/api`] as const),
    ["DELETE", "/self-service/logout/api"] as const,
    ["GET", "/sessions/token-exchange"] as const,
  ];
  for (const [method, path] of nativePaths) {
    fastify.route({
      method,
      url: path,
      onRequest: fromPortal,
      handler: config.kratosNativeFlows
        ? forward(path)
        : async (_request, reply) => reply.code(403).send({ code: "native_flows_disabled" } satisfies ErrorBody),
    });
  }

  const notAvailable = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ code: "not_found" } satisfies ErrorBody);
  fastify.all("/", notAvailable);
  fastify.all("/*", notAvailable);
};

export default kratosProxy;
