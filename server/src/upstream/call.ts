// How the portal reaches Kratos and Hydra: the SDK's API classes on a
// transport of this file's (sdkApi), and every call through callUpstream,
// which turns a failure into either the answer the service expects (a domain
// error or a value) or one UpstreamError. A failure names the status, the
// answer's body and the reason no answer came, never the request (the
// browser's Cookie header, a client's secret in its body).
import { Configuration, FrontendApi } from "@ory/client";
import { Agent, request } from "undici";
import type { PortalConfig } from "../config.js";
import { UpstreamError, type Upstream, type UpstreamFailure } from "../errors.js";
import { outcomeOf, type UpstreamTimer } from "../metrics.js";

/** The axios instance the SDK's API classes take, as the SDK names its type. */
type SdkAxios = NonNullable<ConstructorParameters<typeof FrontendApi>[2]>;

/** undici's names for a wait that ran out; the portal's logs and metrics call it ECONNABORTED. */
const timeoutCodes = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

/** How a call of the SDK ended when it got no 2xx answer: Kratos' or Hydra's answer, or why none came. */
export class SdkCallError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
    readonly code?: string,
  ) {
    super(status === undefined ? `no answer: ${code ?? "unknown"}` : `answered ${status}`);
    this.name = "SdkCallError";
  }
}

/** What the SDK hands its axios instance: the whole call, its URL with the query and its body serialized. */
interface SdkCall {
  url: string;
  method?: string;
  headers?: Record<string, string | number | boolean | null | undefined>;
  data?: unknown;
}

/** An answer as the SDK's callers read it (axios' shape): its body parsed, its Set-Cookie headers as a list. */
interface SdkAnswer {
  data: unknown;
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

const parsed = (text: string): unknown => {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The SDK's transport. The generated API classes build each call (URL, query, headers, body) and hand it to
 * the axios instance they were given, calling nothing but its request() (and reading defaults.baseURL): this
 * sends it on undici, the HTTP client the /kratos proxy uses too. A heap profile of the portal under
 * /api/session's load found axios' own request handling (merging configurations and headers, interceptors,
 * transforms) a quarter of everything the portal allocated, and a CPU profile a tenth of its busy time on top
 * of Node's http client. No redirects are followed: Kratos' and Hydra's APIs answer, and a browser flow's
 * redirect is for the browser (kratos/flows.ts reads it as an answer).
 */
function undiciTransport(dispatcher: Agent, timeoutMs: number, startTimer: () => UpstreamTimer): SdkAxios {
  const transport = {
    defaults: {},
    async request({ url, method = "GET", headers = {}, data }: SdkCall): Promise<SdkAnswer> {
      const stop = startTimer();
      // Kratos answers a browser flow's start with the flow only to a caller that asks for JSON (as axios did).
      const sent: Record<string, string> = { accept: "application/json" };
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined && value !== null) sent[name.toLowerCase()] = String(value);
      }
      let answer: Awaited<ReturnType<typeof request>>;
      let text: string;
      try {
        answer = await request(url, {
          method: method.toUpperCase() as "GET",
          headers: sent,
          body: typeof data === "string" && data !== "" ? data : null,
          dispatcher,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        text = await answer.body.text();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const timedOut = typeof code === "string" && timeoutCodes.has(code);
        stop(outcomeOf(undefined, timedOut));
        throw new SdkCallError(undefined, undefined, timedOut ? "ECONNABORTED" : typeof code === "string" ? code : undefined);
      }
      stop(outcomeOf(answer.statusCode, false));
      const body = parsed(text);
      if (answer.statusCode < 200 || answer.statusCode > 299) throw new SdkCallError(answer.statusCode, body);
      const setCookie = answer.headers["set-cookie"];
      return {
        data: body,
        status: answer.statusCode,
        headers: { ...answer.headers, ...(setCookie === undefined ? {} : { "set-cookie": [setCookie].flat() }) },
      };
    },
  };
  // The SDK's constructors take an axios instance; of it they use what `transport` has (see above).
  return transport as unknown as SdkAxios;
}

/** An API class of the SDK, as its generated constructor takes its configuration and transport. */
type SdkApi<T> = new (configuration: Configuration, basePath: string | undefined, axios: SdkAxios) => T;

/**
 * One of the SDK's API classes, reaching Kratos or Hydra at basePath within the upstream timeout, on
 * connections kept open between requests (one pool per API). A socket idle for 15 s is closed here, long
 * before Kratos and Hydra close theirs (120 s), so a request never lands on a connection the other side is
 * closing.
 */
export function sdkApi<T>(
  Api: SdkApi<T>,
  config: Pick<PortalConfig, "upstreamTimeoutMs">,
  basePath: string,
  startTimer: () => UpstreamTimer,
): T {
  const dispatcher = new Agent({ keepAliveTimeout: 15_000, keepAliveMaxTimeout: 15_000, connectTimeout: config.upstreamTimeoutMs });
  return new Api(new Configuration({ basePath }), undefined, undiciTransport(dispatcher, config.upstreamTimeoutMs, startTimer));
}

/** What to do with an answer of this status: return a value in place of the call's, or throw a domain error. */
export type ExpectedAnswers<T> = Partial<Record<number, (failure: UpstreamError, body: unknown) => T>>;

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** Kratos nests { error: { id, reason } }; Hydra answers OAuth2's flat { error, error_description }. */
function failureOf(upstream: Upstream, operation: string, status: number | undefined, body: unknown, network?: string): UpstreamFailure {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  if (typeof error === "object" && error !== null) {
    const { id, reason, message } = error as { id?: unknown; reason?: unknown; message?: unknown };
    return { upstream, operation, status, id: text(id), description: text(reason) ?? text(message), network };
  }
  const description = (body as { error_description?: unknown } | null | undefined)?.error_description;
  return { upstream, operation, status, id: text(error), description: text(description), network };
}

export async function callUpstream<T>(
  upstream: Upstream,
  operation: string,
  send: () => Promise<T>,
  expected: ExpectedAnswers<T> = {},
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof SdkCallError)) throw error;
    const { status, body } = error;
    const failure = new UpstreamError(failureOf(upstream, operation, status, body, error.code));
    const answer = status === undefined ? undefined : expected[status];
    if (answer) return answer(failure, body);
    throw failure;
  }
}
