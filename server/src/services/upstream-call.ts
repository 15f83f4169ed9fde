// Every Kratos and Hydra call goes through callUpstream: the SDK's failure
// becomes either the answer the service expects (a domain error or a value)
// or one UpstreamError. The SDK's own error carries the request it made, with
// the browser's Cookie header (Kratos) or a client secret in its body (Hydra),
// so it never leaves this file.
import { Configuration } from "@ory/client";
import axios, { AxiosError, AxiosHeaders, isAxiosError, type AxiosAdapter, type AxiosResponse } from "axios";
import { Agent, request } from "undici";
import type { PortalConfig } from "../config.js";
import { UpstreamError, type Upstream, type UpstreamFailure } from "../errors.js";
import { outcomeOf, type UpstreamTimer } from "../metrics.js";

/** undici's names for a wait that ran out, which axios called ECONNABORTED. */
const timeoutCodes = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * The SDK's transport: its calls go out on undici, the HTTP client the /kratos proxy uses too, instead of axios'
 * adapter on Node's http. A CPU profile of the portal under /api/session's load showed Node's http client and
 * axios' adapter (agent bookkeeping, a keep-alive option set on every reused socket, proxy lookups in the
 * environment) among the largest parts of its own work. The SDK (axios) still builds each request and reads
 * each answer; a call is timed, and ends as axios' adapter would end it: the answer, or an AxiosError with it.
 */
function undiciAdapter(dispatcher: Agent, startTimer: () => UpstreamTimer): AxiosAdapter {
  return async (config) => {
    const stop = startTimer();
    // Offered no compression (axios' adapter would offer it), Kratos and Hydra answer plain, as undici leaves bodies.
    const headers = AxiosHeaders.from(config.headers).toJSON(true);
    let response: AxiosResponse<string>;
    try {
      const answer = await request(axios.getUri(config), {
        method: (config.method ?? "get").toUpperCase() as "GET",
        headers,
        body: (config.data as string | Buffer | undefined) ?? null,
        dispatcher,
        headersTimeout: config.timeout,
        bodyTimeout: config.timeout,
      });
      // Node's http gives every Set-Cookie as a list, as the callers read it.
      const setCookie = answer.headers["set-cookie"];
      response = {
        data: await answer.body.text(),
        status: answer.statusCode,
        statusText: "",
        headers: AxiosHeaders.from({
          ...answer.headers,
          ...(setCookie === undefined ? {} : { "set-cookie": [setCookie].flat() }),
        }),
        config,
        request: undefined,
      };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const timedOut = typeof code === "string" && timeoutCodes.has(code);
      stop(outcomeOf(undefined, timedOut));
      throw new AxiosError((error as Error).message, timedOut ? "ECONNABORTED" : typeof code === "string" ? code : undefined, config);
    }
    stop(outcomeOf(response.status, false));
    if (config.validateStatus && !config.validateStatus(response.status)) {
      throw new AxiosError(
        `Request failed with status code ${response.status}`,
        response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        undefined,
        response,
      );
    }
    return response;
  };
}

/**
 * How the SDK reaches Kratos or Hydra: within the upstream timeout, on connections kept open between requests
 * (one pool per service). A socket idle for 15 s is closed here, long before Kratos and Hydra close theirs
 * (120 s), so a request never lands on a connection the other side is closing. undici follows no redirects:
 * Kratos' and Hydra's APIs answer, they do not redirect (a browser flow's redirect is for the browser, and
 * kratos-flows.ts reads it as an answer).
 */
export function sdkConfiguration(config: PortalConfig, basePath: string, startTimer: () => UpstreamTimer): Configuration {
  const dispatcher = new Agent({ keepAliveTimeout: 15_000, keepAliveMaxTimeout: 15_000, connectTimeout: config.upstreamTimeoutMs });
  return new Configuration({
    basePath,
    baseOptions: { timeout: config.upstreamTimeoutMs, adapter: undiciAdapter(dispatcher, startTimer) },
  });
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
    if (!isAxiosError(error)) throw error;
    const status = error.response?.status;
    const body: unknown = error.response?.data;
    const failure = new UpstreamError(failureOf(upstream, operation, status, body, status === undefined ? error.code : undefined));
    const answer = status === undefined ? undefined : expected[status];
    if (answer) return answer(failure, body);
    throw failure;
  }
}
