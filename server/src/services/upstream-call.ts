// Every Kratos and Hydra call goes through callUpstream: the SDK's failure
// becomes either the answer the service expects (a domain error or a value)
// or one UpstreamError. The SDK's own error carries the request it made, with
// the browser's Cookie header (Kratos) or a client secret in its body (Hydra),
// so it never leaves this file.
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { Configuration } from "@ory/client";
import axios, { getAdapter, isAxiosError, type AxiosAdapter } from "axios";
import type { PortalConfig } from "../config.js";
import { UpstreamError, type Upstream, type UpstreamFailure } from "../errors.js";
import { outcomeOf, type UpstreamTimer } from "../metrics.js";

/** axios' own adapter (Node's http), wrapped to time each call the SDK makes and report how it ended. */
function timedAdapter(startTimer: () => UpstreamTimer): AxiosAdapter {
  const send = getAdapter(axios.defaults.adapter);
  return async (request) => {
    const stop = startTimer();
    try {
      const response = await send(request);
      stop(outcomeOf(response.status, false));
      return response;
    } catch (error) {
      // axios rejects a status outside 2xx too, with the response on the error.
      const status = isAxiosError(error) ? error.response?.status : undefined;
      stop(outcomeOf(status, isAxiosError(error) && (error.code === "ECONNABORTED" || error.code === "ETIMEDOUT")));
      throw error;
    }
  };
}

/**
 * How the SDK reaches Kratos or Hydra: within the upstream timeout, on
 * connections kept open between requests (axios opens a new one per call
 * otherwise, the larger part of /api/session's cost). A socket idle for 15 s
 * is closed here, long before Kratos and Hydra close theirs (120 s), so a
 * request never lands on a connection the other side is closing.
 */
export function sdkConfiguration(config: PortalConfig, basePath: string, startTimer: () => UpstreamTimer): Configuration {
  const pool = { keepAlive: true, timeout: 15_000 };
  return new Configuration({
    basePath,
    baseOptions: {
      timeout: config.upstreamTimeoutMs,
      httpAgent: new HttpAgent(pool),
      httpsAgent: new HttpsAgent(pool),
      adapter: timedAdapter(startTimer),
      // Kratos' and Hydra's APIs answer, they do not redirect (a browser flow's redirect is for the browser, and
      // kratos-flows.ts reads it as an answer). Without redirects to follow, axios sends each call on Node's own
      // http instead of through follow-redirects, which took 7 % of the portal's CPU under /api/session's load.
      maxRedirects: 0,
    },
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
