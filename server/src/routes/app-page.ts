// Every client-side route of the SPA gets index.html (an address that is no
// page's too, where the app shows its "not found" page, with a 404), with what its first
// requests would fetch already inside it (contract/schemas/app-page.ts), as JSON that
// never runs, so the CSP stays strict: the runtime configuration, the reader's
// theme (also on <html>, page-theme.ts), whether they folded the side menu, the session
// check's answer and, on a page that shows a Kratos flow, that flow (a new
// one with its anti-CSRF cookie, or the one ?flow= names), and on Hydra's
// consent and logout pages and Manage Clients the answer of their /api
// request. The public pages, and for a signed-in visitor Account Settings,
// Manage Clients and the verification page, come rendered (server-render.ts:
// the app's own components), so a visitor on a slow link sees and can submit
// the form before any script arrives; the app then hydrates it. Whatever Kratos does not answer within a
// moment is left out, and the app asks for it itself.
import { extname } from "node:path";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { bootElementId, pageReadHeader } from "#contract/boot.js";
import { directionOf, type Language } from "#contract/languages.js";
import { flowQueryOf, type FlowKind } from "#contract/flows.js";
import { isPagePath, pageApiReads, pageOfPath } from "#contract/pages.js";
import { settingsFlowSections, settingsSectionOf } from "#contract/settings-sections.js";
import type { BootData } from "#contract/schemas/app-page.js";
import type { ErrorBody } from "#contract/schemas/error.js";
import { themeOfCookies } from "#contract/theme.js";
import { menuCollapsedOfCookies } from "#contract/menu.js";
import { timeZoneOfCookies } from "#contract/time-zone.js";
import { brandedHead } from "../branding/head.js";
import type { PortalConfig } from "../config.js";
import { ClientError, UpstreamError } from "../errors.js";
import { pageLanguage } from "../language.js";
import { hasIdentity } from "../plugins/guards.js";
import { errorAnswer } from "../plugins/error-handler.js";
import { forwardingHeaders } from "../kratos/forwarding.js";
import { kratosRedirects } from "../kratos/redirects.js";
import { toSessionBody } from "./api/session.js";
import { runtimeConfig } from "./runtime-config.js";
import type { WebApp } from "../web/web-app.js";
import { titledHead } from "../operator-texts.js";
import { themedHead } from "./page-theme.js";

/** The flow a page starts when opened without ?flow=: Account Settings' only in the sections that show its forms. */
function flowOfPage(path: string): FlowKind | undefined {
  const section = settingsSectionOf(path);
  return section === undefined || settingsFlowSections.has(section) ? pageOfPath(path)?.flow : undefined;
}

/** The flows Kratos has only for a session: the page asks for one only when the session check found one. */
const sessionFlows: ReadonlySet<FlowKind> = new Set(["settings"]);

/**
 * How long the page waits for Kratos before it goes out without what is missing. A page without its session's
 * answer has the app ask Kratos again, so a slow Kratos costs the reader its delay twice: the page waits up to
 * 3 s, well below the upstream timeout (UPSTREAM_TIMEOUT_MS), after which the app says Kratos is unavailable.
 */
const bootWaitMs = 3000;

/** JSON inside <script>: nothing in it may close the element or start markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** index.html cut where the page's own parts go. */
interface Template {
  /** Up to the end of <head>, where the operator's stylesheet goes. */
  head: string;
  /** From there into the root element, which holds the server's render. */
  open: string;
  /** From the root element's end to </body>, before which the start-up data goes. */
  close: string;
  tail: string;
}

const rootElement = '<div id="root">';

/** The page's <html> element: its language and the direction that language is written in. */
const htmlElement = (language: Language) => `<html lang="${language}" dir="${directionOf(language)}">`;

function templateOf(html: string): Template {
  const at = (marker: string, from: number, fallback: number) => {
    const index = html.indexOf(marker, from);
    return index < 0 ? fallback : index;
  };
  const headEnd = at("</head>", 0, 0);
  const root = at(rootElement, headEnd, -1);
  const rootStart = root < 0 ? headEnd : root + rootElement.length;
  const bodyEnd = html.lastIndexOf("</body>") < 0 ? html.length : html.lastIndexOf("</body>");
  return {
    head: html.slice(0, headEnd),
    open: html.slice(headEnd, rootStart),
    close: html.slice(rootStart, bodyEnd),
    tail: html.slice(bodyEnd),
  };
}

/** The visitor's headers that the page's requests on their behalf pass on. */
function visitorHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ["cookie", "user-agent", "accept-language"] as const) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
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

const appPage: FastifyPluginAsync<{ config: PortalConfig; web: WebApp }> = async (fastify, { config, web }) => {
  // The last page cut, which is the same page while no build replaced it.
  let cut: { html: string; template: Template } | undefined;
  const template = async (url: string) => {
    const html = await web.page(url);
    if (cut?.html !== html) cut = { html, template: templateOf(html) };
    return cut.template;
  };
  const forwarded = forwardingHeaders(config.origin);
  const redirects = kratosRedirects(config.origin, config.formActionOrigins);
  const appConfig = runtimeConfig(config);

  async function sessionAnswer(request: FastifyRequest): Promise<BootData["session"]> {
    try {
      const session = await fastify.kratos.sessions.whoami(request.headers.cookie);
      return hasIdentity(session) ? { status: 200, body: toSessionBody(session, config.terms?.version) } : undefined;
    } catch (error) {
      // The same answer (and log line) as GET /api/session would give.
      return errorAnswer(error as FastifyError, request);
    }
  }

  async function pageFlow(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    session: Promise<BootData["session"]>,
  ): Promise<BootData["flow"]> {
    const kind = flowOfPage(path);
    // Accounts by invitation only: the registration page says how to get one, without a flow.
    if (!kind || (kind === "registration" && config.registration === "invite-only")) return undefined;
    // A signed-out visitor's settings page sends them to sign in: no flow to spend their budget of new flows on.
    if (sessionFlows.has(kind) && (await session)?.status !== 200) return undefined;
    const search = new URLSearchParams(request.url.slice(path.length + 1));
    const headers = { ...forwarded(request.ip), ...visitorHeaders(request) };
    try {
      const id = search.get("flow");
      // Kratos sends the browser back here with the flow after a form the browser posted itself (the
      // server's form, before the app's script ran): the page shows the flow with Kratos' messages.
      if (id !== null) {
        const flow = await fastify.kratos.flows.get(kind, id, headers);
        return flow === undefined ? undefined : { kind, id, query: {}, flow };
      }
      const query = flowQueryOf(kind, search);
      try {
        await fastify.limits.newFlow(request, reply);
      } catch (error) {
        if (!(error instanceof ClientError)) throw error;
        // Over the client's budget of new flows: the app asks for the flow itself and shows the 429's wait.
        reply.removeHeader("retry-after");
        return undefined;
      }
      // A return_to that the browser would read otherwise than Kratos' allow list does is not handed on: the flow
      // goes back to Kratos' default, the portal (the app refuses the page's return_to as well).
      const { return_to: returnTo, ...others } = query;
      const asked = returnTo === undefined || redirects.returnTo(returnTo) !== undefined ? query : others;
      const started = await fastify.kratos.flows.start(kind, asked, headers);
      if (!started) return undefined;
      if (!reply.sent) reply.header("set-cookie", started.setCookie);
      return { kind, query, flow: started.flow };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      request.log.warn({ upstream: error.failure }, "the app page goes out without its flow: the app will ask for it");
      return undefined;
    }
  }

  /**
   * The 200 answers of the page's GET /api requests, asked of the portal's own routes with the visitor's
   * cookies and address, so that their rules (session, limits) apply as to the browser's own request.
   */
  async function pageAnswers(request: FastifyRequest, path: string): Promise<BootData["answers"]> {
    const urls = pageApiReads(path, new URLSearchParams(request.url.slice(path.length + 1)));
    if (urls.length === 0) return undefined;
    const headers = { ...visitorHeaders(request), [pageReadHeader]: "1" };
    const answers: NonNullable<BootData["answers"]> = {};
    await Promise.all(
      urls.map(async (url) => {
        const answer = await fastify.inject({ method: "GET", url, headers, remoteAddress: request.ip });
        if (answer.statusCode === 200) answers[url] = answer.json();
      }),
    );
    return answers;
  }

  async function appPageFor(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
    const facts = pageOfPath(path);
    // A page of its own window: no window of another site, one that opened it or that it opened, holds a handle on
    // it (to send it elsewhere, to count its frames). Not the pages an application's sign-in window shows: there
    // the header would cut the window from the application, which would never hear back (docs/security.md).
    if (!facts?.signInWindow) reply.header("cross-origin-opener-policy", "same-origin");
    // A page that is another's address (the home page: Account Settings) sends the browser there at once.
    const opens = facts?.opens;
    if (opens !== undefined) return reply.redirect(opens, 302);
    const checked = request.method === "GET" ? inTime(sessionAnswer(request)) : Promise.resolve(undefined);
    const [page, session, flow, answers] = await Promise.all([
      template(request.url),
      checked,
      request.method === "GET" ? inTime(pageFlow(request, reply, path, checked)) : undefined,
      request.method === "GET" ? inTime(pageAnswers(request, path)) : undefined,
    ]);
    const theme = themeOfCookies(request.headers.cookie);
    const menuCollapsed = menuCollapsedOfCookies(request.headers.cookie);
    const timeZone = timeZoneOfCookies(request.headers.cookie);
    const language = pageLanguage({
      cookie: request.headers.cookie,
      acceptLanguage: request.headers["accept-language"],
      traits: session?.status === 200 && "identity" in session.body ? session.body.identity.traits : undefined,
    });
    const modules = await web.pageModules(path, language);
    const boot: BootData = {
      config: appConfig,
      language,
      ...(modules.length > 0 ? { modules } : {}),
      ...(theme ? { theme } : {}),
      ...(menuCollapsed ? { menuCollapsed } : {}),
      ...(timeZone ? { timeZone } : {}),
      ...(session ? { session } : {}),
      ...(flow ? { flow } : {}),
      ...(answers ? { answers } : {}),
    };
    const rendered = request.method === "GET" ? await web.render(request.url, config.origin, boot) : undefined;
    if (rendered) {
      boot.hydration = rendered.hydration;
      if (rendered.dates) boot.dates = rendered.dates;
    }
    return (
      reply
        // No page of the app's: the app renders its "not found" page, and the answer says so to every client.
        .code(isPagePath(path) ? 200 : 404)
        .type("text/html; charset=utf-8")
        // It holds this browser's session and a fresh flow: never stored, never shared.
        .header("cache-control", "no-store")
        .header("content-language", language)
        .send(
          `${brandedHead(themedHead(titledHead(page.head.replace(/<html\b[^>]*>/, htmlElement(language)), config.operatorTexts, language, rendered?.title), theme), config.branding)}${page.open}${rendered?.html ?? ""}${page.close}` +
            `<script type="application/json" id="${bootElementId}">${scriptJson(boot)}</script>${page.tail}`,
        )
    );
  }

  const notFound: ErrorBody = { code: "not_found" };
  // Every address that no other route has (/api/*, /kratos/*, /assets/* are more specific) is the app's to route,
  // as a route of its own, so that what every route gets applies (compression). A path that names a file (it has an
  // extension) is no page: a 404.
  fastify.get("/*", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    return extname(path) === "" ? appPageFor(request, reply, path) : reply.code(404).send(notFound);
  });
  // Another method: Fastify's own 404 would name its error and repeat the path.
  fastify.setNotFoundHandler(async (_request, reply) => reply.code(404).send(notFound));
};

export default appPage;
